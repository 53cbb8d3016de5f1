import { browserChrome } from '../host/chrome-api.ts';
import { composeFrameUrl, listenToComposeFrames } from '../host/content-bridge.ts';
import { GMAIL_BRIDGE_KEY } from '../shared/extension-messages.ts';
import { createComposeUi } from './compose-ui.tsx';
import { createComposeManager } from './gmail-compose-manager.ts';

/**
 * Runs in every Gmail tab (manifest content_scripts): a microphone button in each compose
 * window's toolbar, the recorder frame it opens, and the insertion of the finished link.
 */
const chromeApi = browserChrome();
const manager = createComposeManager(
  document,
  createComposeUi((composeId) => composeFrameUrl(chromeApi, composeId)),
);

listenToComposeFrames(chromeApi, manager.handle);
// The popup's chrome.scripting calls run in this same isolated world and find the bridge here.
(globalThis as Record<string, unknown>)[GMAIL_BRIDGE_KEY] = manager.bridge;

document.addEventListener('selectionchange', manager.rememberCursor);
// Gmail draws compose windows long after load and redraws them: look again whenever it changes
// (the observer batches a burst of changes into one call; our own button's is a no-op scan).
new MutationObserver(() => manager.scan()).observe(document.documentElement, { childList: true, subtree: true });
manager.scan();
