import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract as createExtract, pack as createPack } from 'tar-stream';
import { appRoot } from '../app-root.ts';

/**
 * The embedded database's first start without an initdb. PGlite makes a new cluster by
 * running initdb in a second wasm instance: 20 to 30 s of CPU on a loaded two-core machine,
 * and half a gigabyte that stays in the process afterwards. The build makes one migrated
 * cluster (`node build.mjs` → dist/pglite-seed.tar.gz) and the bundled server unpacks it into
 * an empty data folder before opening it, which takes well under a second. Nothing in it is
 * secret or per-install: the migrations create no rows with random values (the server's
 * secret is made on first start, in server_secrets).
 *
 * The seed is used only when its key (PGlite's version and the migrations it holds) says the
 * installed PGlite can open it; migrations written after it are applied at start as usual.
 * From source (tests, `tsx watch`) there is no seed and PGlite's initdb runs.
 */
export const SEED_FILE = 'pglite-seed.tar.gz';
const SEED_KEY_FILE = 'pglite-seed.json';

type SeedKey = { pglite: string; migrations: string[] };

async function currentPgliteVersion(): Promise<string> {
  // The package does not export its manifest; it sits in this app's node_modules.
  const manifest = join(appRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  return (JSON.parse(await readFile(manifest, 'utf8')) as { version: string }).version;
}

async function migrationNames(migrationsFolder: string): Promise<string[]> {
  return (await readdir(migrationsFolder)).filter((entry) => entry.endsWith('.sql')).sort();
}

/** Where the bundle looks for its seed: beside itself. Null when running from source. */
export function bundledSeedFolder(moduleUrl: string = import.meta.url): string | null {
  return moduleUrl.endsWith('.ts') ? null : dirname(new URL(moduleUrl).pathname);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/**
 * Unpacks the seed into `dbFolder` when that folder has no cluster yet and a usable seed is in
 * `seedFolder`. Answers whether it did; false means PGlite will run initdb itself.
 */
export async function unpackPgliteSeed(options: { seedFolder: string | null; dbFolder: string }): Promise<boolean> {
  const { seedFolder, dbFolder } = options;
  if (!seedFolder || (await exists(join(dbFolder, 'PG_VERSION')))) return false;
  const seedFile = join(seedFolder, SEED_FILE);
  if (!(await exists(seedFile))) return false;
  try {
    const key = JSON.parse(await readFile(join(seedFolder, SEED_KEY_FILE), 'utf8')) as SeedKey;
    if (key.pglite !== (await currentPgliteVersion())) return false;
  } catch {
    return false;
  }
  // Unpacked beside the target and renamed into place, so a crash halfway leaves no half cluster.
  await mkdir(dirname(dbFolder), { recursive: true });
  const staging = await mkdtemp(`${dbFolder}-seed-`);
  try {
    const tar = createExtract();
    tar.on('entry', (header, stream, next) => {
      void (async () => {
        const name = header.name;
        if (name.startsWith('/') || name.split('/').includes('..')) throw new Error(`Unsafe entry in the database seed: ${name}`);
        const target = join(staging, name);
        if (header.type === 'directory') await mkdir(target, { recursive: true, mode: 0o700 });
        else if (header.type === 'file') {
          await mkdir(dirname(target), { recursive: true, mode: 0o700 });
          await pipeline(stream, createWriteStream(target, { mode: 0o600 }));
          return;
        }
        stream.resume();
      })().then(
        () => next(),
        (error: unknown) => next(error as Error),
      );
    });
    await pipeline(createReadStream(seedFile), createGunzip(), tar);
    // An empty folder (made by an earlier start that stopped before initdb) gives way.
    await rm(dbFolder, { recursive: true, force: true });
    await rename(staging, dbFolder);
    return true;
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Build step: makes `outFolder`/pglite-seed.tar.gz from a fresh, migrated cluster, unless the
 * seed there already has this PGlite version and these migrations.
 */
export async function makePgliteSeed(options: {
  outFolder: string;
  migrationsFolder: string;
  open: (dataDir: string) => Promise<{ close(): Promise<void> }>;
}): Promise<'made' | 'kept'> {
  const key: SeedKey = { pglite: await currentPgliteVersion(), migrations: [] };
  for (const name of await migrationNames(options.migrationsFolder)) {
    const digest = createHash('sha256')
      .update(await readFile(join(options.migrationsFolder, name)))
      .digest('hex')
      .slice(0, 16);
    key.migrations.push(`${name}:${digest}`);
  }
  const keyFile = join(options.outFolder, SEED_KEY_FILE);
  const seedFile = join(options.outFolder, SEED_FILE);
  const previous = await readFile(keyFile, 'utf8').catch(() => null);
  if (previous === JSON.stringify(key) && (await exists(seedFile))) return 'kept';

  const building = await mkdtemp(join(tmpdir(), 'vocal-pglite-seed-'));
  try {
    const handle = await options.open(building);
    await handle.close();
    const dbFolder = join(building, 'db');
    // Folders too: a cluster has empty ones (pg_tblspc, pg_twophase...) that must exist.
    const entries: { path: string; folder: boolean }[] = [];
    const walk = async (folder: string) => {
      for (const entry of await readdir(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) {
          entries.push({ path, folder: true });
          await walk(path);
        } else if (entry.isFile()) entries.push({ path, folder: false });
      }
    };
    await walk(dbFolder);
    await mkdir(options.outFolder, { recursive: true });
    const tar = createPack();
    const written = pipeline(tar, createGzip({ level: 9 }), createWriteStream(`${seedFile}.${process.pid}.partial`));
    for (const { path, folder } of entries) {
      const name = relative(dbFolder, path).split(sep).join('/');
      if (folder) tar.entry({ name, type: 'directory', mode: 0o700, mtime: new Date(0) });
      else tar.entry({ name, mode: 0o600, mtime: new Date(0) }, await readFile(path));
    }
    tar.finalize();
    await written;
    await rename(`${seedFile}.${process.pid}.partial`, seedFile);
    await writeFile(keyFile, JSON.stringify(key));
    return 'made';
  } finally {
    await rm(building, { recursive: true, force: true });
  }
}
