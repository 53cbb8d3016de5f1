import { createHmac } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { rateLimitWindows } from '../db/schema.ts';
import { serverSecret } from './server-secret.ts';

export type RateLimiter = {
  /** Counts one attempt; answers the seconds to wait when over the limit, else 0. */
  hit(key: string): Promise<number>;
  /** The seconds to wait if `key` is already at the limit, without counting an attempt. */
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
};

/**
 * Fixed-window rate limits kept in the database, so several server processes on one
 * PostgreSQL share each count (a limit per process would multiply with the processes). A
 * window starts at a client's first attempt. Clients are stored as a keyed hash of the limit
 * and the key (an address or an email), never the key itself.
 */
export function createRateLimits(options: { db: Database }) {
  const { db } = options;
  let salt: Promise<string> | null = null;

  async function keyHash(bucket: string, key: string): Promise<string> {
    salt ??= serverSecret(db, 'rate-limit-salt', 32);
    return createHmac('sha256', await salt)
      .update(`${bucket}\n${key}`)
      .digest('base64url');
  }

  const secondsLeft = sql<string>`extract(epoch from (${rateLimitWindows.windowEnd} - now()))`;
  const toWait = (seconds: string | number) => Math.max(1, Math.ceil(Number(seconds)));

  return {
    /** One named limit: `limit` attempts per window of `windowMs`. */
    limiter(bucket: string, limit: { limit: number; windowMs: number }): RateLimiter {
      const windowSeconds = limit.windowMs / 1000;
      const row = async (key: string) => and(eq(rateLimitWindows.bucket, bucket), eq(rateLimitWindows.keyHash, await keyHash(bucket, key)));
      return {
        async hit(key) {
          // One atomic upsert: an ended window starts again at 1, a running one counts on.
          // (SET sees the row as it was, so both CASEs agree on whether it had ended.)
          const ended = sql`${rateLimitWindows.windowEnd} <= now()`;
          const [counted] = await db
            .insert(rateLimitWindows)
            .values({
              bucket,
              keyHash: await keyHash(bucket, key),
              windowEnd: sql`now() + make_interval(secs => ${windowSeconds})`,
              count: 1,
            })
            .onConflictDoUpdate({
              target: [rateLimitWindows.bucket, rateLimitWindows.keyHash],
              set: {
                count: sql`case when ${ended} then 1 else ${rateLimitWindows.count} + 1 end`,
                windowEnd: sql`case when ${ended} then excluded.window_end else ${rateLimitWindows.windowEnd} end`,
              },
            })
            .returning({ count: rateLimitWindows.count, secondsLeft });
          return counted && counted.count > limit.limit ? toWait(counted.secondsLeft) : 0;
        },
        async peek(key) {
          const [current] = await db
            .select({ count: rateLimitWindows.count, secondsLeft })
            .from(rateLimitWindows)
            .where(and(await row(key), gt(rateLimitWindows.windowEnd, sql`now()`)));
          return current && current.count >= limit.limit ? toWait(current.secondsLeft) : 0;
        },
        async reset(key) {
          await db.delete(rateLimitWindows).where(await row(key));
        },
      };
    },

    /** Deletes ended windows (the periodic sweep); answers how many. */
    async forgetEndedWindows(): Promise<number> {
      const forgotten = await db
        .delete(rateLimitWindows)
        .where(lt(rateLimitWindows.windowEnd, sql`now()`))
        .returning({ bucket: rateLimitWindows.bucket });
      return forgotten.length;
    },
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
