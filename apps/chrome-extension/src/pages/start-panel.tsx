import './pages.css';
import type { HostAdapter } from '@vocal/host-contract';
import { renderPage } from '@vocal/host-shell';
import { APP_VERSION } from '@vocal/settings-model';
import { Spinner } from '@vocal/ui-kit';
import { browserChrome, type ChromeApi } from '../host/chrome-api.ts';
import { createExtensionApi } from '../host/extension-api.ts';
import { createMicrophoneAccess } from '../host/microphone-access.ts';
import { openSignInTab } from '../host/sign-in.ts';
import { ExtensionPanel, ExtensionProblem } from '../panel/extension-panel.tsx';

/** Starts an extension page's panel: the session from chrome.storage.session, then the shared panel. */
export async function startPanel(options: { surface: string; lead: string; adapter(chrome: ChromeApi): HostAdapter; onClose?(): void }) {
  renderPage(
    <div className="page-loading">
      <Spinner label="Starting Vocal" />
    </div>,
  );
  try {
    const chrome = browserChrome();
    const { api, server } = await createExtensionApi(chrome);
    renderPage(
      <ExtensionPanel
        adapter={options.adapter(chrome)}
        api={api}
        microphone={createMicrophoneAccess(chrome)}
        openSignIn={() => openSignInTab(chrome)}
        server={server}
        onClose={options.onClose}
        lead={options.lead}
      />,
    );
    // Spec section 1: on startup the app logs that it was initialized.
    console.info(`Vocal for Chrome (${options.surface}) ${APP_VERSION} initialized`);
  } catch (error) {
    renderPage(<ExtensionProblem>{error instanceof Error ? error.message : String(error)}</ExtensionProblem>);
  }
}
