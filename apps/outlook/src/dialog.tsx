import { APP_VERSION } from '@vocal/settings-model';
import { Spinner } from '@vocal/ui-kit';
import { RecordDialog } from './dialog/record-dialog.tsx';
import { readDialogQuery } from './dialog/dialog-mode.ts';
import { requestSession } from './dialog/request-session.ts';
import { SignInDialog } from './dialog/sign-in-dialog.tsx';
import { createOutlookDialogAdapter } from './host/outlook-dialog-adapter.ts';
import { createOutlookDialogBridge } from './host/outlook-dialog-bridge.ts';
import { waitForOffice } from './host/outlook-office-runtime.ts';
import { OfficeMissing } from './shared/office-missing.tsx';
import { createOutlookApi } from './shared/outlook-api.ts';
import { renderPage } from './shared/render-page.tsx';

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
  const { api } = createOutlookApi();
  if (!query) {
    renderPage(<OfficeMissing message="This window was opened without saying what for. Close it and try again from the taskpane." />);
  } else if (query.mode === 'sign-in') {
    renderPage(<SignInDialog api={api} send={send} initialEmail={query.email} />);
  } else {
    const borrowSession = () => requestSession(bridge);
    renderPage(
      <RecordDialog
        api={api}
        host={createOutlookDialogAdapter(bridge)}
        send={send}
        borrowSession={borrowSession}
        pageUrl={window.location.href}
        initialEmail={query.email}
      />,
    );
  }
  console.info(`Vocal Outlook add-in ${APP_VERSION} window initialized`);
} catch (error) {
  renderPage(<OfficeMissing message={error instanceof Error ? error.message : String(error)} />);
}
