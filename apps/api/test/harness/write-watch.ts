import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/database.ts';
import { rowsOf } from '../../src/db/raw-rows.ts';

/**
 * Tables written on refused requests by design: the rate limits count every attempt, refused
 * or not, which is what makes them limits.
 */
export const WRITTEN_WHEN_REFUSED = ['rate_limit_windows'];

const LOG_TABLE = 'test_row_writes';

type Mark = { lastWrite: number; files: string[] };

/**
 * Notes every row written in the database (a trigger on each table, in the test's own database)
 * and every file in the data folder, so a test can tell exactly what one request wrote.
 */
export async function watchWrites(db: Database, dataDir: string) {
  await db.execute(sql.raw(`create table ${LOG_TABLE} (id bigserial primary key, table_name text not null, operation text not null)`));
  await db.execute(
    sql.raw(`create function test_note_row_write() returns trigger language plpgsql as $$
      begin insert into ${LOG_TABLE} (table_name, operation) values (TG_TABLE_NAME, TG_OP); return null; end $$`),
  );
  const tables = rowsOf(await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`))
    .map((row) => String(row.tablename))
    .filter((name) => name !== LOG_TABLE && !WRITTEN_WHEN_REFUSED.includes(name));
  for (const table of tables) {
    await db.execute(
      sql.raw(`create trigger test_note_row_write after insert or update or delete on "${table}"
        for each row execute function test_note_row_write()`),
    );
  }

  /**
   * Every file under the data folder but the embedded database's own, with its size. Read
   * synchronously: a suite calls this after every one of thousands of requests, and a few dozen
   * entries read in one go cost a tenth of as many trips through libuv's thread pool.
   */
  function files(): string[] {
    const listed: string[] = [];
    for (const top of readdirSync(dataDir, { withFileTypes: true })) {
      if (top.name === 'db') continue;
      const entries = top.isDirectory() ? readdirSync(join(dataDir, top.name), { recursive: true, withFileTypes: true }) : [top];
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const path = join(entry.parentPath, entry.name);
        const size = statSync(path, { throwIfNoEntry: false })?.size ?? -1;
        listed.push(`${path.slice(dataDir.length + 1)} ${size}`);
      }
    }
    return listed.sort();
  }

  const lastWrite = async () => Number(rowsOf(await db.execute(sql.raw(`select coalesce(max(id), 0) as last from ${LOG_TABLE}`)))[0]!.last);

  return {
    tables,
    /** Where the write log and the data folder stand now. */
    async mark(): Promise<Mark> {
      return { lastWrite: await lastWrite(), files: files() };
    },
    /**
     * What was written since `mark` (rows as `row table operation`, files added, removed or
     * resized), and the mark to compare the next request with.
     */
    async since(mark: Mark): Promise<{ written: string[]; now: Mark }> {
      const rows = rowsOf(
        await db.execute(sql.raw(`select id, table_name, operation from ${LOG_TABLE} where id > ${Number(mark.lastWrite)} order by id`)),
      );
      const now = files();
      const before = new Set(mark.files);
      const after = new Set(now);
      const written = [
        ...rows.map((row) => `row ${String(row.table_name)} ${String(row.operation)}`),
        ...now.filter((file) => !before.has(file)).map((file) => `file + ${file}`),
        ...mark.files.filter((file) => !after.has(file)).map((file) => `file - ${file}`),
      ];
      const lastWrite = rows.length > 0 ? Number(rows[rows.length - 1]!.id) : mark.lastWrite;
      return { written, now: { lastWrite, files: now } };
    },
  };
}

export type WriteWatch = Awaited<ReturnType<typeof watchWrites>>;
