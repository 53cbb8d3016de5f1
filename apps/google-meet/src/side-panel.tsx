import './shared/app.css';
import { APP_VERSION } from '@vocal/settings-model';
import { copyToClipboard, Spinner } from '@vocal/ui-kit';
import {
  browserLinkOpener,
  createHandoffRecorder,
  createHostApi,
  lendHostSession,
  renderPage,
  withHandoffWhenBlocked,
  withPopupWindows,
} from '@vocal/host-shell';
import { createMeetAdapter } from './host/meet-adapter.ts';
import { connectSidePanel } from './host/meet-runtime.ts';
import { SidePanelApp } from './panel/side-panel-app.tsx';
import { mainStageUrl, projectNumberOf } from './shared/addon-urls.ts';
import { MeetMissing } from './shared/meet-missing.tsx';

renderPage(
  <div className="page-loading">
    <Spinner label="Starting Vocal" />
  </div>,
);

const project = projectNumberOf(window.location.search);
try {
  const client = project ? await connectSidePanel(project) : null;
  if (!client || !project) {
    renderPage(
      <MeetMissing
        message={
          window.parent === window
            ? 'This page is Vocal’s Google Meet add-on. In a meeting, open Activities and choose Vocal.'
            : 'This add-on’s address has no Google Cloud project number (?project=…). Ask whoever installed Vocal to set it in the add-on’s deployment.'
        }
      />,
    );
  } else {
    const hostApi = createHostApi();
    const meetAdapter = createMeetAdapter({
      client,
      mainStageUrl: (share) => mainStageUrl(window.location.origin, project, share.id),
      copyText: copyToClipboard,
    });
    // Meet's SDK has no call that opens a page: our record window is a pop-up (Meet's own advice
    // for a separate sign-in or task), and where the browser blocks it the person opens the
    // record page in a tab and the message comes back through a one-time handoff.
    const handoff = createHandoffRecorder({
      api: hostApi.api,
      host: 'google-meet',
      pageUrl: window.location.href,
      openLink: browserLinkOpener(),
      context: () => meetAdapter.ready(),
    });
    const adapter = withHandoffWhenBlocked(
      withPopupWindows(
        meetAdapter,
        lendHostSession(hostApi, () => meetAdapter.ready()),
      ),
      handoff,
    );
    renderPage(<SidePanelApp adapter={adapter} api={hostApi.api} pageUrl={window.location.href} handoff={handoff.waiting} />);
    // Spec section 1: on startup the app logs that it was initialized.
    console.info(`Vocal Google Meet add-on ${APP_VERSION} initialized`);
  }
} catch (error) {
  renderPage(<MeetMissing message={error instanceof Error ? error.message : String(error)} />);
}
