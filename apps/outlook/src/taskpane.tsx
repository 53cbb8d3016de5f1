import './shared/app.css';
import { APP_VERSION } from '@vocal/settings-model';
import { Spinner } from '@vocal/ui-kit';
import { createHostApi, renderPage } from '@vocal/host-shell';
import { createOutlookAdapter } from './host/outlook-adapter.ts';
import { waitForOffice } from './host/outlook-office-runtime.ts';
import { officeMicrophonePermission } from './host/outlook-microphone-permission.ts';
import { OfficeMissing } from './shared/office-missing.tsx';
import { carrySessionAcrossReload, takeCarriedSession } from './taskpane/session-across-reload.ts';
import { TaskpaneApp } from './taskpane/taskpane-app.tsx';

renderPage(
  <div className="page-loading">
    <Spinner label="Starting Vocal" />
  </div>,
);

try {
  const { office, inOutlook } = await waitForOffice();
  if (!inOutlook) {
    renderPage(
      <OfficeMissing message="This page is Vocal’s Outlook add-in. Write an email in Outlook and choose Voice message on the ribbon." />,
    );
  } else {
    const { api, tokens } = createHostApi();
    // Back from the reload Office asked for after the person first allowed the microphone.
    const carried = takeCarriedSession(window.sessionStorage);
    if (carried) api.session.setTokens(carried);
    const adapter = createOutlookAdapter(office, {
      origin: window.location.origin,
      session: { current: () => tokens.get(), update: (next) => api.session.setTokens(next) },
    });
    renderPage(
      <TaskpaneApp
        adapter={adapter}
        api={api}
        pageUrl={window.location.href}
        microphonePermission={officeMicrophonePermission(office)}
        carrySession={() => carrySessionAcrossReload(window.sessionStorage, tokens.get())}
      />,
    );
    // Spec section 1: on startup the app logs that it was initialized.
    console.info(`Vocal Outlook add-in ${APP_VERSION} initialized`);
  }
} catch (error) {
  renderPage(<OfficeMissing message={error instanceof Error ? error.message : String(error)} />);
}
