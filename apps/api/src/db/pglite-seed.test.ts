import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPgliteDatabase } from '../../test/harness/pglite-template.ts';
import { migrationsFolder, PGLITE_START_PARAMS } from './database.ts';
import { bundledSeedFolder, makePgliteSeed, SEED_FILE, unpackPgliteSeed } from './pglite-seed.ts';

/**
 * The build's migrated cluster (docs/decisions/0030-idle-footprint.md). Made here from the
 * tests' migrated template rather than a fresh initdb, which is what the build runs.
 */
describe('the embedded database seed', () => {
  let folder: string;
  let made: number;
  const make = () =>
    makePgliteSeed({
      outFolder: join(folder, 'dist'),
      migrationsFolder,
      open: async (dataDir) => {
        made++;
        await seedPgliteDatabase(dataDir);
        return { close: async () => {} };
      },
    });

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'vocal-seed-test-'));
    made = 0;
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('is made once per PGlite version and set of migrations', async () => {
    expect(await make()).toBe('made');
    expect(await make()).toBe('kept');
    expect(made).toBe(1);
  });

  it('becomes a data folder PGlite opens with every migration applied, and only into an empty one', async () => {
    const dbFolder = join(folder, 'data', 'db');
    expect(await unpackPgliteSeed({ seedFolder: join(folder, 'dist'), dbFolder })).toBe(true);
    // A cluster is there now: never overwritten.
    expect(await unpackPgliteSeed({ seedFolder: join(folder, 'dist'), dbFolder })).toBe(false);
    const client = await PGlite.create(dbFolder, { startParams: PGLITE_START_PARAMS });
    try {
      const applied = await client.query<{ count: number }>('select count(*)::int as count from drizzle.__drizzle_migrations');
      const journal = JSON.parse(await readFile(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      expect(applied.rows[0]!.count).toBe(journal.entries.length);
      expect((await client.query('select count(*)::int as count from users')).rows).toEqual([{ count: 0 }]);
      expect(
        (await client.query<{ setting: string }>("select setting from pg_settings where name = 'shared_buffers'")).rows[0]!.setting,
      ).toBe('1024');
    } finally {
      await client.close();
    }
  });

  it('is not used from source, without a seed file, or when made for another PGlite', async () => {
    expect(bundledSeedFolder('file:///app/src/db/pglite-seed.ts')).toBeNull();
    expect(bundledSeedFolder('file:///app/dist/server-main.mjs')).toBe('/app/dist');
    expect(await unpackPgliteSeed({ seedFolder: join(folder, 'nowhere'), dbFolder: join(folder, 'a', 'db') })).toBe(false);
    const other = join(folder, 'other');
    await cp(join(folder, 'dist'), other, { recursive: true });
    const key = JSON.parse(await readFile(join(other, 'pglite-seed.json'), 'utf8')) as { pglite: string };
    await writeFile(join(other, 'pglite-seed.json'), JSON.stringify({ ...key, pglite: '0.0.1' }));
    expect(await unpackPgliteSeed({ seedFolder: other, dbFolder: join(folder, 'b', 'db') })).toBe(false);
    expect(SEED_FILE).toBe('pglite-seed.tar.gz');
  });
});
