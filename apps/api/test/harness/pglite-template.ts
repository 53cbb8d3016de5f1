import { createHash } from 'node:crypto';
import { cpSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appRoot } from '../../src/app-root.ts';
import { openDatabase } from '../../src/db/database.ts';
import { unpackPgliteSeed } from '../../src/db/pglite-seed.ts';

/**
 * A fresh PGlite database costs an initdb (3 to 6 s of CPU here) before its migrations; the
 * tests start dozens. So the first one to need it makes a migrated database once, in a folder
 * named after the migrations and the PGlite version, and every test database starts as a
 * copy of it (a quarter of a second). The server's own fresh-folder path is still what the
 * browser tests' first server and `pnpm start` take.
 */
export async function pgliteTemplateFolder(): Promise<string> {
  const folder = join(tmpdir(), `vocal-pglite-template-${await templateKey()}`);
  if (await isReady(folder)) return folder;
  const building = await mkdtemp(`${folder}-building-`);
  // The build's migrated cluster (dist/pglite-seed.tar.gz, src/db/pglite-seed.ts) when there is
  // one for this PGlite: `pnpm check` builds the API before its tests, so the template costs an
  // unpack instead of a second initdb. Migrations newer than the seed are applied below.
  await unpackPgliteSeed({ seedFolder: join(appRoot, 'dist'), dbFolder: join(building, 'db') });
  const handle = await openDatabase({ databaseUrl: null, dataDir: building });
  await handle.close();
  await writeFile(join(building, 'ready'), '');
  // Several test processes may build it at once: the first rename wins, the others drop theirs.
  await rename(building, folder).catch(() => rm(building, { recursive: true, force: true }));
  return folder;
}

/**
 * Gives dataDir the template's migrated database, as if a server had already made it there.
 *
 * Copied synchronously: in a clean-clone check on Node 20, `fs.promises.cp` of this folder (1,165
 * files) once never settled. Its last directory read stayed pending with every thread idle, and
 * the API suite sat in a beforeAll until the hook timeout. The synchronous copy has no callback
 * to lose and holds only this test process for the quarter of a second it takes.
 */
export async function seedPgliteDatabase(dataDir: string): Promise<void> {
  cpSync(join(await pgliteTemplateFolder(), 'db'), join(dataDir, 'db'), { recursive: true });
}

async function isReady(folder: string) {
  return stat(join(folder, 'ready')).then(
    () => true,
    () => false,
  );
}

async function templateKey() {
  const hash = createHash('sha256');
  // Its data folder format follows the PGlite version (the package does not export its manifest).
  const pgliteManifest = join(appRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  hash.update(JSON.parse(await readFile(pgliteManifest, 'utf8')).version);
  const migrations = join(appRoot, 'drizzle');
  for (const name of (await readdir(migrations)).filter((entry) => entry.endsWith('.sql')).sort()) {
    hash.update(name).update(await readFile(join(migrations, name)));
  }
  return hash.digest('hex').slice(0, 16);
}
