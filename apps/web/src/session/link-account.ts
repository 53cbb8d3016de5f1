import { refreshResponseSchema, userSchema, type Tokens, type User } from '@vocal/settings-model';
import { apiBaseUrl } from './web-api.ts';

/** `refreshed`: learning the account spent the link's refresh token on a new pair. */
export type LinkAccount = { account: User; tokens: Tokens; refreshed: boolean };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Access tokens are JWTs (three dot-separated parts); refresh tokens are not. */
const looksLikeAccessToken = (token: string) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);

async function accountFor(accessToken: string): Promise<User | null> {
  const response = await fetch(`${apiBaseUrl()}/account`, { headers: bearer(accessToken) });
  if (!response.ok) return null;
  const parsed = userSchema.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}

/**
 * Whom a sign-in link's token signs in as, before anything is switched. The token may be an
 * access token (asked directly) or a refresh token; a refresh token is spent once to learn it
 * (refresh tokens rotate, so it must not be used again): its new pair is what a switch keeps.
 * Null when the link no longer signs anyone in.
 */
export async function identifyLinkAccount(token: string): Promise<LinkAccount | null> {
  if (looksLikeAccessToken(token)) {
    const direct = await accountFor(token);
    if (direct) return { account: direct, tokens: { accessToken: token, refreshToken: token }, refreshed: false };
  }
  const response = await fetch(`${apiBaseUrl()}/refresh`, { method: 'POST', headers: bearer(token) });
  if (!response.ok) return null;
  const refreshed = refreshResponseSchema.safeParse(await response.json().catch(() => null));
  if (!refreshed.success || !refreshed.data.access_token) return null;
  const tokens = { accessToken: refreshed.data.access_token, refreshToken: refreshed.data.refresh_token ?? token };
  const account = await accountFor(tokens.accessToken);
  return account ? { account, tokens, refreshed: true } : null;
}

/**
 * A declined link: the pair its refresh token was spent on is used by no one, so it is signed
 * out (best effort). A bare access token belongs to a session someone else is using; it stays.
 */
export async function discardLinkSession(link: LinkAccount): Promise<void> {
  if (!link.refreshed) return;
  await fetch(`${apiBaseUrl()}/logout`, { method: 'POST', headers: bearer(link.tokens.accessToken) }).catch(() => undefined);
}
