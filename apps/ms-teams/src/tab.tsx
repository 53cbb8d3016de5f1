import './shared/app.css';
import { createHandoffRecorder, createHostApi, lendHostSession, recordInPopup } from '@vocal/host-shell';
import { createTeamsAdapter } from './host/teams-adapter.ts';
import { teamsTabSdk } from './host/teams-runtime.ts';
import { isTeamsMobile } from './host/teams-sdk.ts';
import { teamsSingleSignOnToken } from './host/teams-single-sign-on.ts';
import { startTeamsPage } from './shared/start-teams-page.tsx';
import { createMicrosoftSignIn } from './tab/microsoft-sign-in.ts';
import { TabApp } from './tab/tab-app.tsx';

await startTeamsPage({
  name: 'tab',
  outsideTeams: "This page is Vocal's Teams app. Add Vocal in Teams (Apps, then Manage your apps) and open it there.",
  render() {
    const hostApi = createHostApi();
    // The record window (/teams/record, a popup of ours) borrows the tab's session by postMessage,
    // and files its message in the tab's chat or channel (read when it asks).
    const session = lendHostSession(hostApi, () => adapter.ready());
    // On a phone the tab has no microphone and window.open leaves Teams for good: the record
    // page opens through Teams (app.openLink) and the link comes back through a one-time handoff.
    const handoff = createHandoffRecorder({
      api: hostApi.api,
      host: 'ms-teams',
      pageUrl: window.location.href,
      // The tab's chat or channel: a message recorded on the phone is filed there too.
      context: () => adapter.ready(),
      openLink: async (url) => {
        await teamsTabSdk.openLink(url);
        return true;
      },
    });
    // Known before the click, so that the click itself can open the window on a computer.
    let onPhone = false;
    void teamsTabSdk.getContext().then(
      (teams) => (onPhone = isTeamsMobile(teams.clientType)),
      () => undefined,
    );
    const adapter = createTeamsAdapter(teamsTabSdk, {
      recordInWindow: (url) => (onPhone ? handoff.recordInWindow() : recordInPopup(url, session)),
    });
    const microsoft = createMicrosoftSignIn(hostApi.api, () => teamsSingleSignOnToken(teamsTabSdk));
    return <TabApp adapter={adapter} api={hostApi.api} pageUrl={window.location.href} microsoft={microsoft} handoff={handoff.waiting} />;
  },
});
