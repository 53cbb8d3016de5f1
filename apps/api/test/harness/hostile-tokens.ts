import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { TestServer } from './test-server.ts';

/** A token kind the authorization matrix tries, and the bearer it sends (none: no header). */
export type TokenKind =
  'none' | 'malformed' | 'expired' | 'forged' | 'unsigned' | 'guessed API token' | 'other user' | 'other user API token';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Bearers that must not act for `userId`: none, garbage, a real signature that expired, one
 * signed with another secret, one with `alg: none`, a personal API token nobody was given, and
 * someone else's valid session token and write API token.
 */
export async function hostileTokens(
  server: TestServer,
  userId: number,
  otherUsersToken: string,
  otherUsersApiToken: string,
): Promise<Record<TokenKind, string | undefined>> {
  const now = Math.floor(Date.now() / 1000);
  const forged = await new SignJWT({ sid: randomUUID() })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(new TextEncoder().encode('not-the-server-secret-but-long-enough-anyway'));
  const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: String(userId), sid: randomUUID(), exp: now + 600 })}.`;
  return {
    none: undefined,
    malformed: 'abc',
    expired: await server.expiredToken(userId),
    forged,
    unsigned,
    'guessed API token': `vocal_pat_${randomBytes(32).toString('base64url')}`,
    'other user': otherUsersToken,
    'other user API token': otherUsersApiToken,
  };
}
