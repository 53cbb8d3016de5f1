import './shared/app.css';
import { APP_VERSION } from '@vocal/settings-model';
import { Spinner } from '@vocal/ui-kit';
import { createHandoffRecorder, createHostApi, renderPage, withHandoffRecording } from '@vocal/host-shell';
import { createFrontAdapter } from './host/front-adapter.ts';
import { connectToFront } from './host/front-runtime.ts';
import { FrontMissing } from './shared/front-missing.tsx';
import { SidebarApp } from './sidebar/sidebar-app.tsx';

renderPage(
  <div className="page-loading">
    <Spinner label="Starting Vocal" />
  </div>,
);

try {
  const front = await connectToFront();
  if (!front.inFront) {
    renderPage(
      <FrontMissing message="This page is Vocal’s Front plugin. Add it in Front’s developer settings, then open Vocal in a conversation’s sidebar." />,
    );
  } else {
    const hostApi = createHostApi();
    // No window of ours can open from Front's sandbox: recording moves to a browser tab that
    // Front opens, and the message comes back through a one-time handoff.
    const frontAdapter = createFrontAdapter(front.contextUpdates);
    const handoff = createHandoffRecorder({
      api: hostApi.api,
      host: 'front-app',
      pageUrl: window.location.href,
      openLink: front.openLink,
      // The conversation open when the teammate starts titles the message, and it is filed there.
      context: () => frontAdapter.ready(),
    });
    const adapter = withHandoffRecording(frontAdapter, handoff);
    renderPage(<SidebarApp adapter={adapter} api={hostApi.api} pageUrl={window.location.href} handoff={handoff.waiting} />);
    // Spec section 1: on startup the app logs that it was initialized.
    console.info(`Vocal Front plugin ${APP_VERSION} initialized`);
  }
} catch (error) {
  renderPage(<FrontMissing message={error instanceof Error ? error.message : String(error)} />);
}
