import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { rateLimitWindows } from '../db/schema.ts';
import { openTestDatabase } from '../../test/harness/test-database.ts';
import { backends } from '../../test/harness/test-server.ts';
import { createRateLimits } from './rate-limiter.ts';

const TEN_MINUTES = { limit: 3, windowMs: 600_000 };

describe.each(backends)('rate limits in the database on %s', (backend) => {
  let database: DatabaseHandle & { drop(): Promise<void> };
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(() => database.drop());

  let bucketNumber = 0;
  const newBucket = () => `test-${++bucketNumber}`;

  it('counts one client across every server process: each holds its own limiter over one database', async () => {
    const bucket = newBucket();
    const [first, second] = [createRateLimits({ db: database.db }), createRateLimits({ db: database.db })];
    const inFirst = first.limiter(bucket, TEN_MINUTES);
    const inSecond = second.limiter(bucket, TEN_MINUTES);
    expect(await inFirst.hit('198.51.100.7')).toBe(0);
    expect(await inSecond.hit('198.51.100.7')).toBe(0);
    expect(await inFirst.hit('198.51.100.7')).toBe(0);
    const wait = await inSecond.hit('198.51.100.7');
    expect(wait).toBeGreaterThan(590);
    expect(wait).toBeLessThanOrEqual(600);
    // Another client, and the same client under another limit, count apart.
    expect(await inSecond.hit('198.51.100.8')).toBe(0);
    expect(await first.limiter(newBucket(), TEN_MINUTES).hit('198.51.100.7')).toBe(0);
  });

  it('counts attempts made at the same moment exactly', async () => {
    const limiter = createRateLimits({ db: database.db }).limiter(newBucket(), { limit: 5, windowMs: 600_000 });
    const waits = await Promise.all(Array.from({ length: 20 }, () => limiter.hit('203.0.113.1')));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
  });

  it('starts a new window once the last one ended', async () => {
    const bucket = newBucket();
    const limiter = createRateLimits({ db: database.db }).limiter(bucket, TEN_MINUTES);
    for (let attempt = 0; attempt < 4; attempt++) await limiter.hit('client');
    expect(await limiter.peek('client')).toBeGreaterThan(0);
    await database.db
      .update(rateLimitWindows)
      .set({ windowEnd: sql`now() - interval '1 second'` })
      .where(eq(rateLimitWindows.bucket, bucket));
    expect(await limiter.peek('client')).toBe(0);
    expect(await limiter.hit('client')).toBe(0);
    const [row] = await database.db.select().from(rateLimitWindows).where(eq(rateLimitWindows.bucket, bucket));
    expect(row?.count).toBe(1);
    expect(row!.windowEnd.getTime()).toBeGreaterThan(Date.now() + 590_000);
  });

  it('peeks without counting, and forgets a client on reset', async () => {
    const limiter = createRateLimits({ db: database.db }).limiter(newBucket(), TEN_MINUTES);
    expect(await limiter.peek('person@example.com')).toBe(0);
    for (let attempt = 0; attempt < 2; attempt++) await limiter.hit('person@example.com');
    expect(await limiter.peek('person@example.com')).toBe(0);
    await limiter.hit('person@example.com');
    expect(await limiter.peek('person@example.com')).toBeGreaterThan(0);
    await limiter.reset('person@example.com');
    expect(await limiter.peek('person@example.com')).toBe(0);
    expect(await limiter.hit('person@example.com')).toBe(0);
  });

  it('never stores an address or an email, only a keyed hash', async () => {
    const limiter = createRateLimits({ db: database.db }).limiter(newBucket(), TEN_MINUTES);
    await limiter.hit('192.0.2.55');
    await limiter.hit('someone.private@example.com');
    const dump = JSON.stringify(await database.db.select().from(rateLimitWindows));
    expect(dump).not.toContain('192.0.2.55');
    expect(dump).not.toContain('someone.private@example.com');
  });

  it('the sweep deletes ended windows and keeps running ones', async () => {
    const bucket = newBucket();
    const limits = createRateLimits({ db: database.db });
    const limiter = limits.limiter(bucket, TEN_MINUTES);
    await limiter.hit('ended');
    await database.db
      .update(rateLimitWindows)
      .set({ windowEnd: sql`now() - interval '1 second'` })
      .where(eq(rateLimitWindows.bucket, bucket));
    await limiter.hit('running');
    expect(await limits.forgetEndedWindows()).toBeGreaterThanOrEqual(1);
    expect(await database.db.select().from(rateLimitWindows).where(eq(rateLimitWindows.bucket, bucket))).toHaveLength(1);
  });

  it('release takes back one counted attempt', async () => {
    const limiter = createRateLimits({ db: database.db }).limiter(newBucket(), TEN_MINUTES);
    for (let attempt = 0; attempt < 3; attempt++) await limiter.hit('client');
    await limiter.release('client');
    expect(await limiter.peek('client')).toBe(0);
    expect(await limiter.hit('client')).toBe(0);
    expect(await limiter.hit('client')).toBeGreaterThan(0);
  });

  describe('backoff', () => {
    const options = { freeAttempts: 3, firstWaitMs: 1000, maxWaitMs: 10_000, forgetAfterMs: 3_600_000 };
    let clock = new Date('2030-01-01T00:00:00Z');
    const backoff = () => createRateLimits({ db: database.db }).backoff(newBucket(), options, () => clock);

    it('reserves exactly the free attempts when they come at the same moment', async () => {
      const limiter = backoff();
      const waits = await Promise.all(Array.from({ length: 20 }, () => limiter.reserve('pair')));
      expect(waits.filter((wait) => wait === 0)).toHaveLength(3);
      expect(waits.filter((wait) => wait === 1)).toHaveLength(17);
    });

    it('doubles the wait up to the cap, releases, resets, and forgets an old key', async () => {
      const limiter = backoff();
      for (let attempt = 0; attempt < 3; attempt++) expect(await limiter.reserve('pair')).toBe(0);
      const waits = [];
      for (let step = 0; step < 6; step++) {
        const wait = await limiter.reserve('pair');
        waits.push(wait);
        clock = new Date(clock.getTime() + wait * 1000);
        expect(await limiter.reserve('pair')).toBe(0);
      }
      expect(waits).toEqual([1, 2, 4, 8, 10, 10]);
      // Nine attempts wait 10 s (capped); released back to six, they wait 8 s.
      for (let release = 0; release < 3; release++) await limiter.release('pair');
      expect(await limiter.reserve('pair')).toBe(8);
      await limiter.reset('pair');
      for (let attempt = 0; attempt < 3; attempt++) expect(await limiter.reserve('pair')).toBe(0);
      clock = new Date(clock.getTime() + options.forgetAfterMs);
      for (let attempt = 0; attempt < 3; attempt++) expect(await limiter.reserve('pair')).toBe(0);
      expect(await limiter.reserve('pair')).toBe(1);
    });
  });
});
