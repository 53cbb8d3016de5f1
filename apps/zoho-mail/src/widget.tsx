import './shared/app.css';
import { APP_VERSION } from '@vocal/settings-model';
import { copyToClipboard, Spinner } from '@vocal/ui-kit';
import { createHostApi, lendHostSession, renderPage, withPopupWindows } from '@vocal/host-shell';
import { createZohoMailAdapter } from './host/zoho-mail-adapter.ts';
import { connectToZohoMail } from './host/zoho-runtime.ts';
import { widgetLocation } from './shared/widget-location.ts';
import { ZohoMissing } from './shared/zoho-missing.tsx';
import { WidgetApp } from './widget/widget-app.tsx';

/** Zoho answers init at once when it hosts the widget; this only ends the wait of a page opened elsewhere. */
const ZOHO_START_TIMEOUT_MS = 20_000;

renderPage(
  <div className="page-loading">
    <Spinner label="Starting Vocal" />
  </div>,
);

try {
  const client = await connectToZohoMail({ timeoutMs: ZOHO_START_TIMEOUT_MS });
  const hostApi = createHostApi();
  const zoho = createZohoMailAdapter(client, { location: widgetLocation(window.location.search), copyText: copyToClipboard });
  // Zoho has no window API: sign-in and the record window are popups of ours, which borrow this session.
  const adapter = withPopupWindows(
    zoho,
    lendHostSession(hostApi, async () => (await zoho.ready()).subject),
  );
  renderPage(<WidgetApp adapter={adapter} api={hostApi.api} pageUrl={window.location.href} />);
  // Spec section 1: on startup the app logs that it was initialized.
  console.info(`Vocal Zoho Mail extension ${APP_VERSION} initialized`);
} catch (error) {
  renderPage(<ZohoMissing message={error instanceof Error ? error.message : String(error)} />);
}
