import { createReadStream } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import { pack as createPack } from 'tar-stream';
import { processScratchFolder } from '../processes/process-scratch.ts';
import { isSafeKey } from '../storage/storage.ts';
import { BACKUP_FORMAT, DATABASE_ENTRY, FILES_PREFIX, MANIFEST_ENTRY, type BackupManifest } from './backup-format.ts';

export type Snapshot = {
  manifest: BackupManifest;
  database: Uint8Array;
  /** Keys in order, with the hard link (or copy) that holds each one's bytes as of the snapshot. */
  files: { key: string; path: string; size: number }[];
  /** Removes the links; the stored files themselves are never touched. */
  dispose(): Promise<void>;
};

/** Every stored key under the files folder; half-written .partial files are not keys. */
async function storedKeys(filesRoot: string): Promise<string[]> {
  const entries = await readdir(filesRoot, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(filesRoot, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((key) => isSafeKey(key))
    .sort();
}

/**
 * A hard link keeps a file's bytes even if the server deletes it a moment later, and costs
 * nothing to make; a data folder spread over file systems gets a copy instead.
 */
async function keep(source: string, target: string): Promise<boolean> {
  await mkdir(dirname(target), { recursive: true });
  try {
    await link(source, target);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return true;
    // Deleted since it was listed: whatever referred to it was changed before the dump.
    if (code === 'ENOENT') return false;
    if (code !== 'EXDEV' && code !== 'EPERM') throw error;
  }
  try {
    await copyFile(source, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

async function keepAll(filesRoot: string, heldRoot: string, held: Set<string>) {
  for (const key of await storedKeys(filesRoot)) {
    if (held.has(key)) continue;
    if (await keep(join(filesRoot, key), join(heldRoot, key))) held.add(key);
  }
}

/**
 * A consistent copy of the embedded database and the local files while the server keeps
 * serving. Files are written before the rows that name them and removed only after their
 * rows are changed, so the files are held twice: every file present before the database
 * dump (a file a later change removes is still held), and every file present after it (one
 * whose row was committed just before the dump). Files of neither kind are new orphans,
 * which the server's orphan sweep removes after a restore.
 */
export async function takeSnapshot(options: { client: PGlite; dataDir: string; now?: Date }): Promise<Snapshot> {
  const scratch = processScratchFolder(options.dataDir);
  await mkdir(scratch, { recursive: true });
  const folder = await mkdtemp(join(scratch, 'backup-'));
  const dispose = () => rm(folder, { recursive: true, force: true });
  try {
    const filesRoot = join(options.dataDir, 'files');
    const heldRoot = join(folder, 'files');
    const held = new Set<string>();
    await keepAll(filesRoot, heldRoot, held);
    // PGlite dumps between two queries, holding its query lock: a crash-consistent copy, which
    // opens as after a power cut at that instant, every committed change included.
    const dump = await options.client.dumpDataDir('gzip');
    await keepAll(filesRoot, heldRoot, held);
    const keys = [...held].sort();
    const files = await Promise.all(
      keys.map(async (key) => {
        const path = join(heldRoot, key);
        return { key, path, size: (await stat(path)).size };
      }),
    );
    return {
      manifest: { format: BACKUP_FORMAT, createdAt: (options.now ?? new Date()).toISOString(), database: 'pglite', files: files.length },
      database: new Uint8Array(await dump.arrayBuffer()),
      files,
      dispose,
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/**
 * The snapshot as one tar stream, files streamed from their links rather than read into
 * memory. The links are removed when the stream ends or is abandoned.
 */
export function packSnapshot(snapshot: Snapshot): Readable {
  const tar = createPack();
  let disposed = false;
  const disposeOnce = () => {
    if (disposed) return;
    disposed = true;
    void snapshot.dispose();
  };
  tar.once('close', disposeOnce);
  tar.once('error', disposeOnce);
  // A Node stream for Node's pipeline and Readable.toWeb; destroying it destroys the tar.
  const stream = Readable.from(tar);
  void (async () => {
    try {
      const manifest = Buffer.from(JSON.stringify(snapshot.manifest, null, 2));
      await addBuffer(tar, MANIFEST_ENTRY, manifest);
      await addBuffer(tar, DATABASE_ENTRY, Buffer.from(snapshot.database));
      for (const file of snapshot.files) {
        await new Promise<void>((resolve, reject) => {
          const entry = tar.entry({ name: `${FILES_PREFIX}${file.key}`, size: file.size, mode: 0o600 }, (error) =>
            error ? reject(error) : resolve(),
          );
          createReadStream(file.path).once('error', reject).pipe(entry);
        });
      }
      tar.finalize();
    } catch (error) {
      tar.destroy(error as Error);
    }
  })();
  return stream;
}

function addBuffer(tar: ReturnType<typeof createPack>, name: string, bytes: Buffer) {
  return new Promise<void>((resolve, reject) => {
    tar.entry({ name, size: bytes.length, mode: 0o600 }, bytes, (error) => (error ? reject(error) : resolve()));
  });
}
