/** The key persisted-token-store.ts keeps the session under. */
const TOKENS_KEY = 'vocal.tokens';

/**
 * Whether this browser holds a Vocal session, read at once without the API client: only then
 * can the person be the message's owner, so only then does the page wait for the account
 * before it shows the visitor-only parts, and keep the owner bar's room free meanwhile.
 */
export function hasStoredSession(): boolean {
  try {
    return typeof window !== 'undefined' && window.localStorage.getItem(TOKENS_KEY) !== null;
  } catch {
    return false;
  }
}
