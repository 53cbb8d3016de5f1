import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { rateLimitWindows } from '../db/schema.ts';
import { createKeyedHash } from '../common/keyed-hash.ts';

export type RateLimiter = {
  /** Counts one attempt; answers the seconds to wait when over the limit, else 0. */
  hit(key: string): Promise<number>;
  /** The seconds to wait if `key` is already at the limit, without counting an attempt. */
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  /** Takes back one counted attempt (one that turned out not to count, such as a success). */
  release(key: string): Promise<void>;
};

/**
 * A limit that waits longer after each failure: `freeAttempts` at once, then `firstWaitMs`,
 * doubling up to `maxWaitMs`. Attempts are reserved before they are tried, so parallel
 * attempts cannot all slip through; a success resets the key.
 */
export type BackoffLimiter = {
  /** Reserves one attempt: 0 when it may go ahead, else the seconds to wait (nothing counted). */
  reserve(key: string): Promise<number>;
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
};

export type BackoffOptions = {
  freeAttempts: number;
  firstWaitMs: number;
  maxWaitMs: number;
  /** How long after its last attempt a key is forgotten and starts afresh. */
  forgetAfterMs: number;
};

/**
 * Fixed-window rate limits kept in the database, so several server processes on one
 * PostgreSQL share each count (a limit per process would multiply with the processes). A
 * window starts at a client's first attempt. Clients are stored as a keyed hash of the limit
 * and the key (an address or an email), never the key itself.
 */
export function createRateLimits(options: { db: Database }) {
  const { db } = options;
  const keyHash = createKeyedHash(db, 'rate-limit-salt');

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
        async release(key) {
          await db
            .update(rateLimitWindows)
            .set({ count: sql`greatest(${rateLimitWindows.count} - 1, 0)` })
            .where(await row(key));
        },
      };
    },

    /**
     * A backoff limit in the same table: `count` is the attempts made and `windowEnd` the
     * moment the key is forgotten, `forgetAfterMs` after its last attempt (so the sweep clears
     * it). Times come from `now`, not the database, so tests can hold the clock still.
     */
    backoff(bucket: string, options: BackoffOptions, now: () => Date = () => new Date()): BackoffLimiter {
      const { freeAttempts, firstWaitMs, maxWaitMs, forgetAfterMs } = options;
      const row = async (key: string) => and(eq(rateLimitWindows.bucket, bucket), eq(rateLimitWindows.keyHash, await keyHash(bucket, key)));
      const waitMsAfter = (attempts: number) =>
        attempts < freeAttempts ? 0 : Math.min(maxWaitMs, firstWaitMs * 2 ** Math.min(attempts - freeAttempts, 40));
      const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;
      return {
        async reserve(key) {
          const at = now();
          const hash = await keyHash(bucket, key);
          const forgotten = sql`${rateLimitWindows.windowEnd} <= ${timestamp(at)}`;
          const lastAttempt = sql`${rateLimitWindows.windowEnd} - make_interval(secs => ${forgetAfterMs / 1000}::float8)`;
          const exponent = sql`least(greatest(${rateLimitWindows.count} - ${freeAttempts}::int, 0), 40)`;
          const waitSeconds = sql`least(${maxWaitMs / 1000}::float8, ${firstWaitMs / 1000}::float8 * power(2::float8, ${exponent}))`;
          // The check and the count are one statement: the row lock orders parallel attempts.
          const reserved = await db
            .insert(rateLimitWindows)
            .values({ bucket, keyHash: hash, windowEnd: new Date(at.getTime() + forgetAfterMs), count: 1 })
            .onConflictDoUpdate({
              target: [rateLimitWindows.bucket, rateLimitWindows.keyHash],
              set: {
                count: sql`case when ${forgotten} then 1 else ${rateLimitWindows.count} + 1 end`,
                windowEnd: sql`excluded.window_end`,
              },
              setWhere: sql`${forgotten} or ${rateLimitWindows.count} < ${freeAttempts}::int or ${lastAttempt} + make_interval(secs => ${waitSeconds}) <= ${timestamp(at)}`,
            })
            .returning({ count: rateLimitWindows.count });
          if (reserved.length > 0) return 0;
          const [current] = await db
            .select()
            .from(rateLimitWindows)
            .where(await row(key));
          if (!current) return 1;
          const blockedUntil = current.windowEnd.getTime() - forgetAfterMs + waitMsAfter(current.count);
          return Math.max(1, Math.ceil((blockedUntil - at.getTime()) / 1000));
        },
        async release(key) {
          await db
            .update(rateLimitWindows)
            .set({ count: sql`greatest(${rateLimitWindows.count} - 1, 0)` })
            .where(await row(key));
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
