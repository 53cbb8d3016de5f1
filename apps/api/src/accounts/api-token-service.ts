import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, lt, or, isNull } from 'drizzle-orm';
import { API_TOKEN_PREFIX, MAX_API_TOKENS, type ApiToken, type ApiTokenScope, type CreatedApiToken } from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { apiTokens } from '../db/schema.ts';
import { conflict, notFound } from '../http/http-error.ts';

/** Last used is written at most this often per token: a busy script would otherwise write on every call. */
const LAST_USED_EVERY_MS = 60_000;
const TOKEN_PATTERN = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

type Row = typeof apiTokens.$inferSelect;

const toWire = (row: Row): ApiToken => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** Whether a bearer credential is a personal API token rather than a session's access token. */
export const isPersonalToken = (token: string) => token.startsWith(API_TOKEN_PREFIX);

/**
 * Personal API tokens (issue 29): made, listed and revoked by their owner; checked on every
 * request that carries one (require-user.ts decides what a token may reach).
 */
export function createApiTokenService(options: { db: Database; now?: () => Date }) {
  const { db } = options;
  const now = options.now ?? (() => new Date());

  return {
    /** POST tokens: the token is in this answer and nowhere else, ever. */
    async create(userId: number, request: { name: string; scope: ApiTokenScope }): Promise<CreatedApiToken> {
      const [held] = await db.select({ value: count() }).from(apiTokens).where(eq(apiTokens.userId, userId));
      if ((held?.value ?? 0) >= MAX_API_TOKENS) {
        throw conflict(`You have ${MAX_API_TOKENS} API tokens, the most an account may hold: revoke one you no longer use first`);
      }
      const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const [row] = await db
        .insert(apiTokens)
        .values({ userId, name: request.name, scope: request.scope, tokenHash: sha256(token) })
        .returning();
      if (!row) throw new Error('The token could not be stored');
      return { ...toWire(row), token };
    },

    /** GET tokens: oldest first, as they were made. */
    async list(userId: number): Promise<ApiToken[]> {
      const rows = await db
        .select()
        .from(apiTokens)
        .where(eq(apiTokens.userId, userId))
        .orderBy(asc(apiTokens.createdAt), asc(apiTokens.id));
      return rows.map(toWire);
    },

    /** DELETE tokens/{id}: gone at once; another account's token is as unknown as a made-up one. */
    async revoke(userId: number, id: string): Promise<void> {
      const removed = await db
        .delete(apiTokens)
        .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
        .returning({ id: apiTokens.id });
      if (removed.length === 0) throw notFound('You have no API token with this id');
    },

    /** The owner and scope of a live token, or null for anything else. */
    async authenticate(token: string): Promise<{ userId: number; tokenId: string; scope: ApiTokenScope } | null> {
      if (!TOKEN_PATTERN.test(token)) return null;
      const [row] = await db
        .select()
        .from(apiTokens)
        .where(eq(apiTokens.tokenHash, sha256(token)));
      if (!row) return null;
      const at = now();
      const stale = new Date(at.getTime() - LAST_USED_EVERY_MS);
      // The row in hand says whether a write is due: most requests of a busy script need none.
      // The write's own condition keeps two processes from both writing within the minute.
      if (!row.lastUsedAt || row.lastUsedAt < stale) {
        await db
          .update(apiTokens)
          .set({ lastUsedAt: at })
          .where(and(eq(apiTokens.id, row.id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, stale))));
      }
      return { userId: row.userId, tokenId: row.id, scope: row.scope };
    },
  };
}

export type ApiTokenService = ReturnType<typeof createApiTokenService>;
