import { z } from 'zod';

/** A Chrome extension's id: 32 letters a to p. */
export const extensionIdSchema = z.string().regex(/^[a-p]{32}$/);

/** What Vocal for Chrome's service worker answers a handoff (apps/chrome-extension's background.ts). */
const handoffReplySchema = z.union([z.object({ ok: z.literal(true) }), z.object({ ok: z.literal(false), msg: z.string() })]);
export type HandoffReply = z.infer<typeof handoffReplySchema>;

/** The part of Chrome's page-side runtime a page sees when an extension lists it in externally_connectable. */
type PageRuntime = {
  sendMessage(extensionId: string, message: unknown, callback: (response: unknown) => void): void;
  lastError?: { message?: string };
};

export const NOT_INSTALLED =
  'Vocal for Chrome did not answer. Check that it is installed and turned on in this browser (chrome://extensions), then try again from the extension.';

/** Chrome's runtime as this page sees it, or null (another browser, or no extension lists our origin). */
function pageRuntime(scope: unknown): PageRuntime | null {
  const runtime = (scope as { chrome?: { runtime?: Partial<PageRuntime> } }).chrome?.runtime;
  return typeof runtime?.sendMessage === 'function' ? (runtime as PageRuntime) : null;
}

/**
 * Hands a one-time sign-in code to Vocal for Chrome (never a token): Chrome delivers it only to
 * the extension named, and only because that extension lists our origin as allowed to talk
 * to it. Answers what the extension said, or why it said nothing.
 */
export function sendCodeToExtension(extensionId: string, code: string, scope: unknown = globalThis): Promise<HandoffReply> {
  const runtime = pageRuntime(scope);
  if (!runtime) return Promise.resolve({ ok: false, msg: NOT_INSTALLED });
  return new Promise((resolve) => {
    try {
      runtime.sendMessage(extensionId, { type: 'vocal-session-handoff', code }, (response) => {
        // Reading lastError tells Chrome the failure was handled.
        if (runtime.lastError) return resolve({ ok: false, msg: NOT_INSTALLED });
        resolve(handoffReplySchema.safeParse(response).data ?? { ok: false, msg: NOT_INSTALLED });
      });
    } catch {
      resolve({ ok: false, msg: NOT_INSTALLED });
    }
  });
}
