import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { appRoot } from '../app-root.ts';
import { bundledSeedFolder, unpackPgliteSeed } from './pglite-seed.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** Both drivers share this type: the services never know which database they are on. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
};

export const migrationsFolder = join(appRoot, 'drizzle');

/**
 * PGlite's own defaults are a server's: 128 MB of shared buffers, all touched at start. It
 * runs inside this process, whose files the operating system caches anyway, so a smaller pool
 * costs little and is most of the idle memory (docs/decisions/0030-idle-footprint.md).
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=8MB'];

/** Any fixed number: it names the lock several servers take while one of them migrates. */
const MIGRATION_LOCK_ID = 72_410_801;

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite database under dataDir, and
 * applies the migrations before anything else touches it.
 */
export async function openDatabase(options: { databaseUrl: string | null; dataDir: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const folder = join(dataDir, 'db');
  // A new data folder starts from the build's migrated cluster rather than PGlite's initdb.
  await unpackPgliteSeed({ seedFolder: bundledSeedFolder(), dbFolder: folder });
  await mkdir(folder, { recursive: true });
  const client = await PGlite.create(folder, { startParams: PGLITE_START_PARAMS });
  yieldBeforeEachQuery(client);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    close: () => client.close(),
  };
}

/**
 * PGlite answers inside this thread, without I/O, so a request's queries ran back to back in one
 * turn of the event loop and every request arriving with it waited for all of them: with 50
 * recorders streaming, turns of 60 to 150 ms (decision 0071). Each query now first gives the
 * loop back, as a query to a PostgreSQL server does while it waits for the answer. Queries keep
 * their order: the turns are taken first come, first served. A transaction's own queries run
 * inside PGlite's lock and do not go through here.
 */
function yieldBeforeEachQuery(client: PGlite): void {
  const query = client.query.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    return query(...args);
  }) as typeof client.query;
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  // Migrate on one connection holding an advisory lock, so that several server processes
  // starting together apply each migration once.
  const migrationClient = new pg.Client({ connectionString: url });
  await migrationClient.connect();
  try {
    await migrationClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePostgres(drizzlePostgres(migrationClient, { schema }), { migrationsFolder });
  } finally {
    await migrationClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await migrationClient.end();
  }
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server drops (a restart, a terminated backend) must not crash
  // the process: the pool replaces it on the next query.
  pool.on('error', () => {});
  const db = drizzlePostgres(pool, { schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    async close() {
      // pool.end() resolves before its connections have closed; wait for each, so that
      // nothing is still connected when the caller goes on (e.g. to drop the database).
      let open = pool.totalCount;
      const closed = new Promise<void>((resolve) => {
        if (open === 0) resolve();
        pool.on('remove', () => {
          if (--open <= 0) resolve();
        });
      });
      await pool.end();
      await closed;
    },
  };
}
