import './shared/app.css';
import { createHostApi, SignInWindow } from '@vocal/host-shell';
import { createTeamsAuthWindow } from './host/teams-auth-window.ts';
import { teamsAuthWindowSdk } from './host/teams-runtime.ts';
import { startTeamsPage } from './shared/start-teams-page.tsx';

await startTeamsPage({
  name: 'sign-in window',
  outsideTeams: "This window signs you in to Vocal's Teams app. Choose Sign in in the Vocal tab in Teams.",
  render() {
    const email = new URLSearchParams(window.location.search).get('email') ?? undefined;
    const teams = createTeamsAuthWindow(teamsAuthWindowSdk);
    return <SignInWindow api={createHostApi().api} send={teams.send} hostName="Teams" initialEmail={email} />;
  },
});
