import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { extract as createExtract } from 'tar-stream';
import { isSafeKey } from '../storage/storage.ts';
import { BackupRefusal, backupManifestSchema, DATABASE_ENTRY, FILES_PREFIX, MANIFEST_ENTRY, type BackupManifest } from './backup-format.ts';

/** What a restore put back. */
export type RestoreSummary = { dataDir: string; createdAt: string; files: number };

/** Null: the folder does not exist yet, which is as good as empty. */
async function entriesOf(folder: string): Promise<string[] | null> {
  try {
    return await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** An entry's bytes; tar-stream hands out Buffers. */
async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Puts a backup into a new data folder. An existing folder with anything in it is refused:
 * merging two databases or two sets of files has no right answer, and a restore over live
 * data would lose it. A backup that turns out to be damaged leaves the folder as it was.
 */
export async function restoreBackup(options: { from: string; dataDir: string }): Promise<RestoreSummary> {
  const existing = await entriesOf(options.dataDir);
  if (existing && existing.length > 0) {
    throw new BackupRefusal(
      `The data folder ${options.dataDir} is not empty. Restore only into a new, empty folder (set DATA_DIR to one), then point the server at it.`,
    );
  }
  await mkdir(options.dataDir, { recursive: true });
  try {
    return await unpack(options);
  } catch (error) {
    // Only what this restore wrote is here: the folder was empty or missing.
    for (const entry of (await entriesOf(options.dataDir)) ?? []) await rm(join(options.dataDir, entry), { recursive: true, force: true });
    if (!existing) await rm(options.dataDir, { recursive: true, force: true });
    throw error;
  }
}

async function unpack(options: { from: string; dataDir: string }): Promise<RestoreSummary> {
  let manifest: BackupManifest | null = null;
  let database: Buffer | null = null;
  let files = 0;
  const tar = createExtract();
  tar.on('entry', (header, stream, next) => {
    void (async () => {
      const name = header.name;
      if (header.type !== 'file') throw new BackupRefusal(`Not a Vocal backup: it holds ${header.type} ${name}`);
      if (name === MANIFEST_ENTRY) {
        const parsed = backupManifestSchema.safeParse(JSON.parse((await readAll(stream)).toString('utf8')));
        if (!parsed.success) throw new BackupRefusal('Not a backup this version of Vocal can read: its manifest is not one it knows');
        manifest = parsed.data;
      } else if (name === DATABASE_ENTRY) {
        database = await readAll(stream);
      } else if (name.startsWith(FILES_PREFIX) && isSafeKey(name.slice(FILES_PREFIX.length))) {
        // The key pattern admits no '..' and no absolute path, so nothing lands outside files/.
        const target = join(options.dataDir, 'files', name.slice(FILES_PREFIX.length));
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, await readAll(stream), { mode: 0o600 });
        files++;
      } else {
        throw new BackupRefusal(`Not a Vocal backup: unexpected entry ${name}`);
      }
    })().then(
      () => next(),
      (error: unknown) => next(error as Error),
    );
  });
  try {
    await pipeline(createReadStream(options.from), tar);
  } catch (error) {
    if (error instanceof BackupRefusal) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupRefusal(`No backup at ${options.from}`);
    throw new BackupRefusal(`Not a Vocal backup, or a damaged one: ${(error as Error).message}`);
  }
  const found = manifest as BackupManifest | null;
  const dump = database as Buffer | null;
  if (!found || !dump) throw new BackupRefusal('Not a Vocal backup: the manifest or the database is missing');
  if (files !== found.files) throw new BackupRefusal(`The backup is incomplete: ${files} of ${found.files} files`);
  const client = await PGlite.create(join(options.dataDir, 'db'), { loadDataDir: new Blob([dump]) });
  try {
    // A damaged dump fails here rather than at the next start.
    await client.query('select 1');
  } finally {
    await client.close();
  }
  return { dataDir: options.dataDir, createdAt: found.createdAt, files };
}
