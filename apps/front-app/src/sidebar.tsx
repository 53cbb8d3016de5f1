import './shared/app.css';
import { APP_VERSION } from '@vocal/settings-model';
import { Spinner } from '@vocal/ui-kit';
import { createHostApi, lendHostSession, renderPage, withPopupWindows } from '@vocal/host-shell';
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
    const frontAdapter = createFrontAdapter(front.contextUpdates);
    // The record window borrows the session, and the subject of the conversation open when it asks.
    const session = lendHostSession(hostApi, async () => (await frontAdapter.ready()).subject);
    const adapter = withPopupWindows(frontAdapter, session, front.popupOpener);
    renderPage(<SidebarApp adapter={adapter} api={hostApi.api} pageUrl={window.location.href} />);
    // Spec section 1: on startup the app logs that it was initialized.
    console.info(`Vocal Front plugin ${APP_VERSION} initialized`);
  }
} catch (error) {
  renderPage(<FrontMissing message={error instanceof Error ? error.message : String(error)} />);
}
