import { composeRequestSchema, type ComposeRequest } from '../shared/extension-messages.ts';
import type { ChromeApi } from './chrome-api.ts';

/** The compose frame's page for one compose window: an extension page, so Gmail cannot read or script it. */
export const composeFrameUrl = (chrome: Pick<ChromeApi, 'runtime'>, composeId: string) =>
  chrome.runtime.getURL(`compose.html#${composeId}`);

/**
 * The content script's ear: requests from our compose frames (extension pages of this
 * extension, and nothing else: Gmail's page cannot reach chrome.runtime), each parsed, each
 * answered with what `handle` returns.
 */
export function listenToComposeFrames(
  chrome: Pick<ChromeApi, 'runtime'>,
  handle: (request: ComposeRequest) => unknown | Promise<unknown>,
): () => void {
  const frames = chrome.runtime.getURL('compose.html');
  const listener = (message: unknown, sender: chrome.runtime.MessageSender, sendResponse: (response?: unknown) => void) => {
    if (sender.id !== chrome.runtime.id || !sender.url?.startsWith(frames)) return false;
    const request = composeRequestSchema.safeParse(message);
    if (!request.success) return false;
    void Promise.resolve()
      .then(() => handle(request.data))
      .then(sendResponse, () => sendResponse(null));
    return true;
  };
  chrome.runtime.onMessage.addListener(listener);
  return () => chrome.runtime.onMessage.removeListener(listener);
}
