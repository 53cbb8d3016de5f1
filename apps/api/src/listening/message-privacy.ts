import type { Context } from 'hono';
import { PRIVATE_MESSAGE_TITLE, UNLOCK_TOKEN_HEADER, type PublicListenPayload, type UnlockVocalResponse } from '@vocal/settings-model';
import type { KeyedHash } from '../common/keyed-hash.ts';
import { equalText } from '../common/equal-text.ts';
import { HttpError, badRequest, tooManyRequests } from '../http/http-error.ts';
import type { ApiLimits } from '../http/api-limits.ts';
import { verifyPassword } from '../accounts/passwords.ts';
import type { CachedPublicPage } from '../cache/public-page-cache.ts';
import type { PageProtection, PublicPage } from '../recordings/public-pages.ts';
import type { UserRow } from '../accounts/account-service.ts';
import { teamOf } from '../teams/team-of.ts';
import { SIGNED_FILE_SECONDS, type SignedFiles } from './signed-files.ts';

/** How long an unlock token stays good: as long as the signed file addresses of the payload it opens. */
const UNLOCK_SECONDS = SIGNED_FILE_SECONDS;
export const PROTECTED_MESSAGE = 'This voice message is protected by a password';
export const WRONG_PASSWORD = 'That password is not right';
export const NOT_PROTECTED = 'This voice message has no password';
export const TEAM_ONLY = "This voice message is for its sender's team: sign in to listen";
export const NOT_ON_THE_TEAM = "This voice message is only for its sender's team, and you are not on it";
export const TEAM_NOT_PASSWORD = "This voice message has no password: it is for its sender's team, who listen signed in";
export { PRIVATE_MESSAGE_TITLE };

/** What a private message says to whoever may not open it yet, by its lock (`privacy` in the answers). */
export const LOCKED_MESSAGES: Record<PageProtection['kind'], string> = { password: PROTECTED_MESSAGE, team: TEAM_ONLY };

/** 401 `{msg, protected: true, privacy: 'password'}`: the one answer a protected message gives without its password. */
export const protectedRefusal = () => new HttpError(401, LOCKED_MESSAGES.password, { protected: true, privacy: 'password' });

/**
 * A team-only message's refusal (decision 0075): 401 to someone signed out (signing in may open
 * it), 403 to someone signed in who is not on the team.
 */
const teamRefusal = (signedIn: boolean) =>
  signedIn
    ? new HttpError(403, NOT_ON_THE_TEAM, { protected: true, privacy: 'team' })
    : new HttpError(401, LOCKED_MESSAGES.team, { protected: true, privacy: 'team' });

type PasswordLock = Extract<PageProtection, { kind: 'password' }>;

/**
 * Password-protected messages (decision 0074). A right password earns an unlock token: an
 * HMAC under a server secret of the message, the password hash and an expiry, so it needs no
 * table, works on every process, and stops working when the owner changes or removes the
 * password. Team-only messages (decision 0075) open to their team's members, signed in, with no
 * token of their own. The unlocked payload's files are signed addresses (local storage:
 * `/files/{key}` with `expires` and `signature`; S3: a presigned GET), since their plain ones
 * answer 404.
 */
export function createMessagePrivacy(options: {
  /** The message unlock key (services.ts), shared with the signed file addresses, which sign their own first part. */
  sign: KeyedHash;
  files: Pick<SignedFiles, 'signedFileUrl'>;
  limits: ApiLimits;
  now: () => Date;
}) {
  const { sign, limits, now } = options;
  const { signedFileUrl } = options.files;

  async function tokenFor(id: string, protection: PasswordLock, expiresAt: number): Promise<string> {
    return `${expiresAt}.${await sign('unlock', id, protection.passwordHash, String(expiresAt))}`;
  }

  async function validToken(id: string, protection: PasswordLock, token: string | undefined): Promise<boolean> {
    const match = token ? /^(\d{10,13})\.([A-Za-z0-9_-]{20,100})$/.exec(token) : null;
    if (!match) return false;
    const expiresAt = Number(match[1]);
    if (expiresAt * 1000 <= now().getTime()) return false;
    return equalText(token!, await tokenFor(id, protection, expiresAt));
  }

  return {
    /**
     * Whether this request may see the message: anyone when it is public; else its owner (signed
     * in), and for a password a request carrying a valid unlock token, for a team a signed-in
     * member of it. Throws the refusal otherwise.
     */
    async assertOpen(context: Context, cached: CachedPublicPage<PublicPage>): Promise<'public' | 'unlocked'> {
      const protection = cached.page.protection;
      if (!protection) return 'public';
      const user = context.get('user') as Pick<UserRow, 'id' | 'teamOwnerId'> | undefined;
      if (user?.id === cached.ownerId) return 'unlocked';
      if (protection.kind === 'team') {
        if (user && teamOf(user) === protection.team) return 'unlocked';
        throw teamRefusal(user !== undefined);
      }
      const id = cached.page.payload.audio.id;
      if (await validToken(id, protection, context.req.header(UNLOCK_TOKEN_HEADER))) return 'unlocked';
      throw protectedRefusal();
    },

    /** The payload an unlocked listener gets: its files at signed addresses. */
    async unlockedPayload(page: PublicPage): Promise<PublicListenPayload> {
      if (!page.protection) return page.payload;
      const [audioUrl, imageUrl] = await Promise.all([signedFileUrl(page.protection.audioKey), signedFileUrl(page.protection.imageKey)]);
      return { ...page.payload, audio: { ...page.payload.audio, audioUrl, imageUrl } };
    },

    /**
     * POST unlock-vocal/{id}: the password, counted like a sign-in before it is checked (per
     * message and address, and per message) and given back when it was right.
     */
    async unlock(cached: CachedPublicPage<PublicPage>, password: string, address: string): Promise<UnlockVocalResponse> {
      const protection = cached.page.protection;
      if (!protection) throw badRequest(NOT_PROTECTED);
      if (protection.kind === 'team') throw badRequest(TEAM_NOT_PASSWORD);
      const id = cached.page.payload.audio.id;
      const pair = `${id}\n${address}`;
      const clientWait = await limits.failedUnlocksPerClient.hit(pair);
      if (clientWait) {
        await limits.failedUnlocksPerClient.release(pair);
        throw tooManyRequests(`Too many wrong passwords. Try again in ${clientWait} seconds.`, clientWait);
      }
      const messageWait = await limits.failedUnlocksPerMessage.hit(id);
      if (messageWait) {
        await Promise.all([limits.failedUnlocksPerClient.release(pair), limits.failedUnlocksPerMessage.release(id)]);
        throw tooManyRequests(`Too many wrong passwords for this message. Try again in ${messageWait} seconds.`, messageWait);
      }
      if (!(await verifyPassword(password, protection.passwordHash))) throw new HttpError(401, WRONG_PASSWORD);
      await Promise.all([limits.failedUnlocksPerClient.reset(pair), limits.failedUnlocksPerMessage.release(id)]);
      const expiresAt = Math.floor(now().getTime() / 1000) + UNLOCK_SECONDS;
      return { token: await tokenFor(id, protection, expiresAt), expiresAt: new Date(expiresAt * 1000).toISOString() };
    },
  };
}

export type MessagePrivacy = ReturnType<typeof createMessagePrivacy>;
