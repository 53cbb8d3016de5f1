import { UNLOCK_TOKEN_HEADER } from '@vocal/settings-model/listen-visitor';

/**
 * A password-protected message's unlock token (decision 0074), kept in this tab's
 * sessionStorage: a reload keeps the message open, closing the tab forgets it, and no other
 * site or tab sees it. The server's token expires on its own; an expired one is dropped here.
 */
const keyOf = (recordingId: string) => `vocal.unlock.${recordingId}`;

type Stored = { token: string; expiresAt: string };

export function readUnlockToken(recordingId: string): string | null {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(keyOf(recordingId)) ?? 'null') as Stored | null;
    if (!stored || typeof stored.token !== 'string') return null;
    if (new Date(stored.expiresAt).getTime() <= Date.now()) {
      window.sessionStorage.removeItem(keyOf(recordingId));
      return null;
    }
    return stored.token;
  } catch {
    return null;
  }
}

export function storeUnlockToken(recordingId: string, unlocked: Stored): void {
  try {
    window.sessionStorage.setItem(keyOf(recordingId), JSON.stringify(unlocked));
  } catch {
    // Storage refused (private mode with no room): the message stays open until the page is left.
  }
}

export function forgetUnlockToken(recordingId: string): void {
  try {
    window.sessionStorage.removeItem(keyOf(recordingId));
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** The header that carries the token, for the listen page's own fetches (the transcript, the payload). */
export function unlockHeaders(recordingId: string): Record<string, string> {
  const token = readUnlockToken(recordingId);
  return token ? { [UNLOCK_TOKEN_HEADER]: token } : {};
}
