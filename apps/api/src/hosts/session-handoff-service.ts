import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import { SESSION_HANDOFF_SPENT, SESSION_HANDOFF_TTL_SECONDS, type TokensWire } from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { sessionHandoffs } from '../db/schema.ts';
import { notFound } from '../http/http-error.ts';
import type { TokenService } from '../accounts/token-service.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * One-time sign-in codes: a signed-in page asks for one and hands it to the Chrome extension,
 * which exchanges it for a session of its own. The code is 32 random bytes, lives two minutes,
 * is stored only as its SHA-256, and the claim deletes its row in the statement that finds it,
 * so of two claims at once exactly one gets a session.
 */
export function createSessionHandoffService(options: { db: Database; tokens: TokenService; now?: () => Date }) {
  const { db, tokens } = options;
  const now = options.now ?? (() => new Date());

  return {
    /** POST /session-handoff: a fresh code for `userId`. Expired codes go first (delete on write). */
    async create(userId: number): Promise<{ code: string }> {
      const at = now();
      const code = randomBytes(32).toString('base64url');
      await db.transaction(async (transaction) => {
        await transaction.delete(sessionHandoffs).where(lte(sessionHandoffs.expiresAt, at));
        await transaction.insert(sessionHandoffs).values({
          codeHash: sha256(code),
          userId,
          expiresAt: new Date(at.getTime() + SESSION_HANDOFF_TTL_SECONDS * 1000),
        });
      });
      return { code };
    },

    /**
     * POST /session-handoff/claim: spends the code and starts a new session for its user, with
     * its own refresh token (signing out one device leaves the other signed in). An unknown,
     * spent or expired code is one 404; an expired row is left for the sweep, so a refused
     * claim writes nothing.
     */
    async claim(code: string, userAgent: string | null): Promise<TokensWire> {
      const [spent] = await db
        .delete(sessionHandoffs)
        .where(and(eq(sessionHandoffs.codeHash, sha256(code)), gt(sessionHandoffs.expiresAt, now())))
        .returning({ userId: sessionHandoffs.userId });
      if (!spent) throw notFound(SESSION_HANDOFF_SPENT);
      return tokens.issue(spent.userId, userAgent);
    },

    /** The periodic sweep: deletes expired codes; answers how many. */
    async forgetExpired(): Promise<number> {
      const forgotten = await db
        .delete(sessionHandoffs)
        .where(lte(sessionHandoffs.expiresAt, now()))
        .returning({ codeHash: sessionHandoffs.codeHash });
      return forgotten.length;
    },
  };
}

export type SessionHandoffService = ReturnType<typeof createSessionHandoffService>;
