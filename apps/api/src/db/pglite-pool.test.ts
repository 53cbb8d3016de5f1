import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { borrowPgliteDatabase } from '../../test/harness/pglite-pool.ts';
import { rowsOf } from './raw-rows.ts';

/** The warm PGlite databases the test servers share one after another (decision 0082). */
describe('the test servers’ pool of PGlite databases', () => {
  const addUser = async (db: Awaited<ReturnType<typeof borrowPgliteDatabase>>['db'], email: string) =>
    Number(
      rowsOf(await db.execute(sql`insert into users (email, password_hash, invite_code) values (${email}, 'x', ${email}) returning id`))[0]!
        .id,
    );

  it('hands a closed database to the next borrower empty, its identities restarted', async () => {
    const first = await borrowPgliteDatabase();
    const firstId = await addUser(first.db, 'one@example.com');
    await addUser(first.db, 'two@example.com');
    await first.close();

    const second = await borrowPgliteDatabase();
    try {
      expect(second.db).toBe(first.db);
      expect(rowsOf(await second.db.execute(sql`select count(*)::int as n from users`))[0]!.n).toBe(0);
      expect(await addUser(second.db, 'three@example.com')).toBe(firstId);
    } finally {
      await second.close();
    }
  });

  it('gives two servers open at once a database each', async () => {
    const one = await borrowPgliteDatabase();
    const two = await borrowPgliteDatabase();
    try {
      expect(two.db).not.toBe(one.db);
      await addUser(one.db, 'only-here@example.com');
      expect(rowsOf(await two.db.execute(sql`select count(*)::int as n from users`))[0]!.n).toBe(0);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('does not hand on a database whose schema a test changed', async () => {
    const changed = await borrowPgliteDatabase();
    await changed.db.execute(sql.raw('alter table feedback add constraint refuse_all check (comments is null) not valid'));
    await changed.close();

    const next = await borrowPgliteDatabase();
    try {
      expect(next.db).not.toBe(changed.db);
      const constraints = rowsOf(await next.db.execute(sql`select conname from pg_constraint where conname = 'refuse_all'`));
      expect(constraints).toEqual([]);
    } finally {
      await next.close();
    }
  });

  it('does not hand on a database closed under its server', async () => {
    const closed = await borrowPgliteDatabase();
    await (closed.db as unknown as { $client: { close(): Promise<void> } }).$client.close();
    await closed.close();

    const next = await borrowPgliteDatabase();
    try {
      expect(next.db).not.toBe(closed.db);
      expect(rowsOf(await next.db.execute(sql`select 1 as one`))[0]!.one).toBe(1);
    } finally {
      await next.close();
    }
  });
});
