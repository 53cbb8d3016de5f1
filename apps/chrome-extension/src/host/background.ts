import { createApiClient, memoryTokenStore } from '@vocal/api-client';
import { handoffMessageSchema, type HandoffReply } from '../shared/extension-messages.ts';
import type { ChromeApi } from './chrome-api.ts';
import { storeTokens } from './chrome-token-store.ts';
import { serverOrigin } from './extension-server.ts';

export const NOT_OURS = 'Only Vocal’s own sign-in page can sign the extension in.';
export const NOT_CLAIMED = 'Vocal for Chrome could not finish signing in. Try again from the extension.';

/**
 * The one-time sign-in handoff, the extension's side: our web app's sign-in page (and only a
 * page on our server's origin, which externally_connectable also limits) sends a code; the
 * code is claimed for a session of the extension's own, kept in chrome.storage.session.
 * Only the code travels between the page and the extension, never a token.
 */
export async function claimHandoff(
  chrome: Pick<ChromeApi, 'runtime' | 'storage'>,
  fetchImpl: typeof fetch,
  message: unknown,
  sender: Pick<chrome.runtime.MessageSender, 'origin' | 'url'>,
): Promise<HandoffReply> {
  const server = serverOrigin(chrome);
  let from: string | null = sender.origin ?? null;
  try {
    from ??= sender.url ? new URL(sender.url).origin : null;
  } catch {
    from = null;
  }
  if (from !== server) return { ok: false, msg: NOT_OURS };
  const parsed = handoffMessageSchema.safeParse(message);
  if (!parsed.success) return { ok: false, msg: NOT_CLAIMED };
  const api = createApiClient({
    baseUrl: `${server}/api`,
    tokenStore: memoryTokenStore(),
    // Called unbound, the worker's fetch throws "Illegal invocation".
    fetch: (input, init) => fetchImpl(input, init),
    retryLimit: 0,
  });
  const claimed = await api.claimSessionHandoff(parsed.data.code);
  if (!claimed.ok) return { ok: false, msg: claimed.error.msg || NOT_CLAIMED };
  await storeTokens(chrome, claimed.data);
  return { ok: true };
}

/** The service worker: answers the sign-in page, then closes its tab (the person goes back to where they were). */
export function startBackground(chrome: Pick<ChromeApi, 'runtime' | 'storage' | 'tabs'>, fetchImpl: typeof fetch = fetch) {
  chrome.runtime.onMessageExternal.addListener((message, sender, sendResponse) => {
    void claimHandoff(chrome, fetchImpl, message, sender)
      .catch((): HandoffReply => ({ ok: false, msg: NOT_CLAIMED }))
      .then((reply) => {
        sendResponse(reply);
        if (reply.ok && sender.tab?.id !== undefined) void chrome.tabs.remove(sender.tab.id).catch(() => undefined);
      });
    // The answer comes later: keep the channel open.
    return true;
  });
}
