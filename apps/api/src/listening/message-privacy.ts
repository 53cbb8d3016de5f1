import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { PRIVATE_MESSAGE_TITLE, UNLOCK_TOKEN_HEADER, type PublicListenPayload, type UnlockVocalResponse } from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { createKeyedHash } from '../common/keyed-hash.ts';
import { HttpError, badRequest, tooManyRequests } from '../http/http-error.ts';
import type { ApiLimits } from '../http/api-limits.ts';
import type { Storage } from '../storage/storage.ts';
import { verifyPassword } from '../accounts/passwords.ts';
import type { CachedPublicPage } from '../cache/public-page-cache.ts';
import type { PageProtection, PublicPage } from '../recordings/public-pages.ts';

/** How long an unlock token, and the signed file addresses of the payload it opens, stay good. */
export const UNLOCK_SECONDS = 60 * 60;
export const PROTECTED_MESSAGE = 'This voice message is protected by a password';
export const WRONG_PASSWORD = 'That password is not right';
export const NOT_PROTECTED = 'This voice message has no password';
export { PRIVATE_MESSAGE_TITLE };

/** 401 `{msg, protected: true}`: the one answer a protected message gives without its password. */
export const protectedRefusal = () => new HttpError(401, PROTECTED_MESSAGE, { protected: true });

const equalText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Password-protected messages (decision 0074). A right password earns an unlock token: an
 * HMAC under a server secret of the message, the password hash and an expiry, so it needs no
 * table, works on every process, and stops working when the owner changes or removes the
 * password. The unlocked payload's files are signed addresses (local storage: `/files/{key}`
 * with `expires` and `signature`; S3: a presigned GET), since their plain ones answer 404.
 */
export function createMessagePrivacy(options: { db: Database; storage: Storage; limits: ApiLimits; now: () => Date }) {
  const { storage, limits, now } = options;
  const sign = createKeyedHash(options.db, 'message-unlock-key');

  async function tokenFor(id: string, protection: PageProtection, expiresAt: number): Promise<string> {
    return `${expiresAt}.${await sign('unlock', id, protection.passwordHash, String(expiresAt))}`;
  }

  async function validToken(id: string, protection: PageProtection, token: string | undefined): Promise<boolean> {
    const match = token ? /^(\d{10,13})\.([A-Za-z0-9_-]{20,100})$/.exec(token) : null;
    if (!match) return false;
    const expiresAt = Number(match[1]);
    if (expiresAt * 1000 <= now().getTime()) return false;
    return equalText(token!, await tokenFor(id, protection, expiresAt));
  }

  const fileSignature = (key: string, expires: number) => sign('file', key, String(expires));

  /** A file's signed address, good for UNLOCK_SECONDS. */
  async function signedFileUrl(key: string): Promise<string> {
    if (storage.signedUrl) return storage.signedUrl(key, UNLOCK_SECONDS);
    const expires = Math.floor(now().getTime() / 1000) + UNLOCK_SECONDS;
    return `${storage.publicUrl(key)}?expires=${expires}&signature=${await fileSignature(key, expires)}`;
  }

  return {
    /** Whether `/files/{key}` was asked for with a signature this server made, still in time. */
    async validFileSignature(key: string, expires: string | undefined, signature: string | undefined): Promise<boolean> {
      if (!expires || !signature || !/^\d{10,13}$/.test(expires)) return false;
      if (Number(expires) * 1000 <= now().getTime()) return false;
      return equalText(signature, await fileSignature(key, Number(expires)));
    },

    /**
     * Whether this request may see the message: anyone when it has no password; else its owner
     * (signed in) or a request carrying a valid unlock token. Throws the protected 401 otherwise.
     */
    async assertOpen(context: Context, cached: CachedPublicPage<PublicPage>): Promise<'public' | 'unlocked'> {
      const protection = cached.page.protection;
      if (!protection) return 'public';
      const user = context.get('user') as { id: number } | undefined;
      if (user?.id === cached.ownerId) return 'unlocked';
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
