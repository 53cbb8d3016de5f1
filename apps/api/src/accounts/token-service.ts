import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { TokensWire } from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { refreshTokens, sessions } from '../db/schema.ts';
import type { Config } from '../env.ts';
import { unauthorized } from '../http/http-error.ts';
import { serverSecret } from '../common/server-secret.ts';
import { createApiTokenService } from './api-token-service.ts';

export type AccessClaims = { userId: number; sessionId: string };

/** How long a rotated refresh token may be presented again (two tabs refreshing at once). */
const REUSE_GRACE_MS = 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * Access tokens are short-lived HS256 JWTs naming the user and the session; refresh tokens
 * are random, stored hashed, rotated on every use, and revoked with their session. A refresh
 * token presented again after the grace period revokes its whole session: it was stolen.
 */
export function createTokenService(options: { db: Database; config: Config; now?: () => Date }) {
  const { db, config } = options;
  const now = options.now ?? (() => new Date());
  let key: Uint8Array | null = null;

  async function signingKey(): Promise<Uint8Array> {
    if (key) return key;
    let secret = config.jwtSecret;
    if (!secret) {
      // Kept in the database, so every server process signs alike.
      secret = await serverSecret(db, 'jwt', 48);
    }
    key = new TextEncoder().encode(secret);
    return key;
  }

  async function signAccess(userId: number, sessionId: string): Promise<string> {
    const issuedAt = Math.floor(now().getTime() / 1000);
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + config.accessTokenTtlSeconds)
      .sign(await signingKey());
  }

  async function newRefreshToken(sessionId: string): Promise<string> {
    const token = `rt_${randomBytes(32).toString('base64url')}`;
    const expiresAt = new Date(now().getTime() + config.refreshTokenTtlDays * 86_400_000);
    await db.insert(refreshTokens).values({ tokenHash: sha256(token), sessionId, expiresAt });
    return token;
  }

  return {
    /** Starts a session for a user who just proved who they are. */
    async issue(userId: number, userAgent: string | null): Promise<TokensWire> {
      const [session] = await db
        .insert(sessions)
        .values({ userId, userAgent: userAgent?.slice(0, 300) ?? null })
        .returning({ id: sessions.id });
      if (!session) throw new Error('The session could not be created');
      return {
        access_token: await signAccess(userId, session.id),
        refresh_token: await newRefreshToken(session.id),
      };
    },

    /** Exchanges a refresh token for a new pair; the old refresh token is spent. */
    async refresh(token: string): Promise<TokensWire> {
      const tokenHash = sha256(token);
      const [row] = await db
        .select({
          sessionId: refreshTokens.sessionId,
          expiresAt: refreshTokens.expiresAt,
          usedAt: refreshTokens.usedAt,
          userId: sessions.userId,
          revokedAt: sessions.revokedAt,
        })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, tokenHash));
      if (!row) throw unauthorized('Invalid refresh token');
      if (row.revokedAt) throw unauthorized('This session has been signed out');
      if (row.expiresAt.getTime() <= now().getTime()) throw unauthorized('Refresh token has expired');

      const spend = await db
        .update(refreshTokens)
        .set({ usedAt: now() })
        .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
        .returning({ tokenHash: refreshTokens.tokenHash });
      if (spend.length === 0) {
        const usedAt = row.usedAt ?? now();
        if (now().getTime() - usedAt.getTime() > REUSE_GRACE_MS) {
          await db.update(sessions).set({ revokedAt: now() }).where(eq(sessions.id, row.sessionId));
          throw unauthorized('Refresh token was already used; this session has been signed out');
        }
        throw unauthorized('Refresh token was already used');
      }
      return {
        access_token: await signAccess(row.userId, row.sessionId),
        refresh_token: await newRefreshToken(row.sessionId),
      };
    },

    /**
     * Checks an access token. The messages are the ones the client knows to refresh on
     * (spec section 8): expired, malformed ("Not enough segments"), forged.
     */
    async verifyAccess(token: string): Promise<AccessClaims> {
      if (token.split('.').length !== 3) throw unauthorized('Not enough segments');
      try {
        const { payload } = await jwtVerify(token, await signingKey(), {
          algorithms: ['HS256'],
          currentDate: now(),
        });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string') {
          throw unauthorized('Invalid token');
        }
        return { userId, sessionId: payload.sid };
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw unauthorized('Token has expired');
        if (error instanceof errors.JWSSignatureVerificationFailed) {
          throw unauthorized('Signature verification failed');
        }
        if (error instanceof errors.JOSEError) throw unauthorized('Invalid token');
        throw error;
      }
    },

    async revokeSession(sessionId: string): Promise<void> {
      await db.update(sessions).set({ revokedAt: now() }).where(eq(sessions.id, sessionId));
    },

    /** Personal API tokens: the other bearer credential a request may carry (require-user.ts). */
    personal: createApiTokenService({ db, now }),
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
