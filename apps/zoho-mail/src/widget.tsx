import './shared/app.css';
import { APP_VERSION } from '@vocal/settings-model';
import { copyToClipboard, Spinner } from '@vocal/ui-kit';
import { browserLinkOpener, createHandoffRecorder, createHostApi, renderPage, withHandoffRecording } from '@vocal/host-shell';
import { createZohoMailAdapter } from './host/zoho-mail-adapter.ts';
import { connectToZohoMail } from './host/zoho-runtime.ts';
import { vocalServer, widgetLocation } from './shared/widget-location.ts';
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
  // The page is Zoho's (it serves the package); the API is ours, at the address the package names.
  const server = vocalServer((window as { vocalServer?: unknown }).vocalServer, window.location.origin);
  const hostApi = createHostApi({ server });
  const zoho = createZohoMailAdapter(client, { location: widgetLocation(document), copyText: copyToClipboard });
  // Zoho's SDK opens no pages and a window of ours could not talk to a page on Zoho's origin:
  // recording moves to a browser tab of our server, and the message comes back through a
  // one-time handoff (the address to open by hand when the browser blocks the tab).
  const handoff = createHandoffRecorder({
    api: hostApi.api,
    host: 'zoho-mail',
    pageUrl: `${server}/`,
    openLink: browserLinkOpener(),
    context: () => zoho.ready(),
  });
  const adapter = withHandoffRecording(zoho, handoff);
  renderPage(<WidgetApp adapter={adapter} api={hostApi.api} serverUrl={`${server}/`} handoff={handoff.waiting} />);
  // Spec section 1: on startup the app logs that it was initialized.
  console.info(`Vocal Zoho Mail extension ${APP_VERSION} initialized`);
} catch (error) {
  renderPage(<ZohoMissing message={error instanceof Error ? error.message : String(error)} />);
}
