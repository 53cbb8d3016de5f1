import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { rowsOf } from '../../src/db/raw-rows.ts';
import { seedPgliteDatabase } from './pglite-template.ts';
import { PUBLIC_TABLES_SQL, SCHEMA_FINGERPRINT_SQL } from './schema-fingerprint.ts';

/**
 * Warm PGlite databases that a test process hands to its test servers in turn (decision 0082).
 *
 * A fresh PGlite cost a test server 1.5 to 2.5 s of CPU here: the template's 1,165 files copied,
 * PostgreSQL started in WebAssembly, and its first few hundred queries at 2 to 3 ms each while
 * its catalogue caches filled (later ones take about 0.5 ms). The API suite starts over a hundred.
 * So a closed server's database is emptied and kept for the next server of the same process
 * (Vitest runs this suite's files one after another in each of its workers): every table
 * truncated, its identities restarted, the session's state discarded. A database whose schema a
 * test changed (a trigger, a constraint, a table of its own) is closed rather than handed on.
 *
 * The server's database is then not under its DATA_DIR: a test whose other process or backup
 * must open it there starts the server as a process (`startApiProcess`), which opens its own, or
 * names DATA_DIR. PostgreSQL gets a scratch database each (`createScratchDatabase`).
 */
type Pooled = { handle: DatabaseHandle; folder: string; tables: string; schema: string };

const idle: Pooled[] = [];
const folders = new Set<string>();
process.once('exit', () => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A migrated, empty PGlite database; closing it empties it and keeps it for the next borrower. */
export async function borrowPgliteDatabase(): Promise<DatabaseHandle> {
  const pooled = idle.pop() ?? (await openPooled());
  let returned = false;
  return {
    db: pooled.handle.db,
    kind: 'pglite',
    async close() {
      if (returned) return;
      returned = true;
      if (await emptied(pooled)) idle.push(pooled);
      else await discard(pooled);
    },
  };
}

async function openPooled(): Promise<Pooled> {
  const folder = await mkdtemp(join(tmpdir(), 'vocal-api-pglite-'));
  folders.add(folder);
  await seedPgliteDatabase(folder);
  const handle = await openDatabase({ databaseUrl: null, dataDir: folder });
  const tables = String(rowsOf(await handle.db.execute(sql.raw(PUBLIC_TABLES_SQL)))[0]?.tables);
  return { handle, folder, tables, schema: await schemaFingerprint(handle) };
}

/** True when the database is back to its migrated, empty state; false when it cannot be. */
async function emptied(pooled: Pooled): Promise<boolean> {
  try {
    if ((await schemaFingerprint(pooled.handle)) !== pooled.schema) return false;
    await pooled.handle.db.execute(sql.raw(`truncate ${pooled.tables} restart identity cascade`));
    // Session state a server may have left: settings, advisory locks, prepared plans, temporary tables.
    await pooled.handle.db.execute(sql.raw('discard all'));
    return true;
  } catch {
    // Closed under the server (a test of what happens then) or broken: not handed on.
    return false;
  }
}

async function discard(pooled: Pooled) {
  await pooled.handle.close().catch(() => undefined);
  rmSync(pooled.folder, { recursive: true, force: true });
  folders.delete(pooled.folder);
}

async function schemaFingerprint(handle: DatabaseHandle): Promise<string> {
  return String(rowsOf(await handle.db.execute(sql.raw(SCHEMA_FINGERPRINT_SQL)))[0]?.digest);
}
