import './shared/app.css';
import { APP_VERSION } from '@vocal/settings-model';
import { Spinner } from '@vocal/ui-kit';
import { createHostApi, createWindowAdapter, RecordWindow, renderPage, requestSession, SignInWindow } from '@vocal/host-shell';
import { readDialogQuery } from './dialog/dialog-mode.ts';
import { createOutlookDialogBridge } from './host/outlook-dialog-bridge.ts';
import { waitForOffice } from './host/outlook-office-runtime.ts';
import { OfficeMissing } from './shared/office-missing.tsx';

renderPage(
  <div className="page-loading">
    <Spinner label="Starting Vocal" />
  </div>,
);

try {
  const query = readDialogQuery(window.location.search);
  const { office } = await waitForOffice();
  const bridge = createOutlookDialogBridge(office, { origin: window.location.origin });
  const send = bridge.send;
  const { api } = createHostApi();
  if (!query) {
    renderPage(<OfficeMissing message="This window was opened without saying what for. Close it and try again from the taskpane." />);
  } else if (query.mode === 'sign-in') {
    renderPage(<SignInWindow api={api} send={send} hostName="Outlook" initialEmail={query.email} />);
  } else {
    const borrowSession = () => requestSession(bridge);
    renderPage(
      <RecordWindow
        api={api}
        // Confirming hands the message to the taskpane, which puts it into the email.
        host={createWindowAdapter({ platform: 'outlook', sendLabel: 'Add to email', send })}
        send={send}
        borrowSession={borrowSession}
        onCancel={() => send({ type: 'cancelled' })}
        hostName="Outlook"
        lead="When you stop, the link goes into your email in Outlook."
        pageUrl={window.location.href}
        initialEmail={query.email}
      />,
    );
  }
  console.info(`Vocal Outlook add-in ${APP_VERSION} window initialized`);
} catch (error) {
  renderPage(<OfficeMissing message={error instanceof Error ? error.message : String(error)} />);
}
