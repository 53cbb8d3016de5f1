import './shared/app.css';
import { createHostApi, lendHostSession, recordInPopup } from '@vocal/host-shell';
import { createTeamsAdapter } from './host/teams-adapter.ts';
import { teamsTabSdk } from './host/teams-runtime.ts';
import { teamsSingleSignOnToken } from './host/teams-single-sign-on.ts';
import { startTeamsPage } from './shared/start-teams-page.tsx';
import { createMicrosoftSignIn } from './tab/microsoft-sign-in.ts';
import { TabApp } from './tab/tab-app.tsx';

await startTeamsPage({
  name: 'tab',
  outsideTeams: "This page is Vocal's Teams app. Add Vocal in Teams (Apps, then Manage your apps) and open it there.",
  render() {
    const hostApi = createHostApi();
    // The record window (/teams/record, a popup of ours) borrows the tab's session by postMessage.
    const session = lendHostSession(hostApi);
    const adapter = createTeamsAdapter(teamsTabSdk, { recordInWindow: (url) => recordInPopup(url, session) });
    const microsoft = createMicrosoftSignIn(hostApi.api, () => teamsSingleSignOnToken(teamsTabSdk));
    return <TabApp adapter={adapter} api={hostApi.api} pageUrl={window.location.href} microsoft={microsoft} />;
  },
});
