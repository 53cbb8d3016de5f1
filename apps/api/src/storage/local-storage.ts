import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat as statFile, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join, relative, sep } from 'node:path';
import { isProcessAlive } from '../processes/process-scratch.ts';
import { assertSafeKey, contentTypeOf, isSafeKey, type Storage } from './storage.ts';

const PARTIAL = /\.(\d+)-[0-9a-f]+\.partial$/;
/** A half-written file this old is abandoned whoever wrote it: no write takes an hour. */
const PARTIAL_MAX_AGE_MS = 3_600_000;

/** Every key under `root` (flat, plus one folder level such as `images/`), sorted. */
async function listKeys(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((key) => isSafeKey(key))
    .sort();
}

/**
 * Removes `.partial` files that no write will finish: their writer's process is gone (a
 * crash, kill -9), or they are older than an hour. Answers how many went.
 */
export async function removeAbandonedPartials(root: string, now = Date.now()): Promise<number> {
  const entries = await readdir(root, { withFileTypes: true, recursive: true }).catch(() => []);
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.partial')) continue;
    const path = join(entry.parentPath, entry.name);
    const writer = Number(PARTIAL.exec(entry.name)?.[1]);
    const info = await statFile(path).catch(() => null);
    if (!info) continue;
    const writerGone = !Number.isInteger(writer) || writer === 0 || (writer !== process.pid && !isProcessAlive(writer));
    if (writerGone || now - info.mtimeMs > PARTIAL_MAX_AGE_MS) {
      await rm(path, { force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * Files on local disk under `root`, served by the API at `{publicUrl}/files/{key}`. Writes go
 * to a temporary name and are renamed into place, so a reader sees the old file or the new
 * one, never a part.
 */
export function createLocalStorage(options: { root: string; publicUrl: string }): Storage {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return join(options.root, key);
  };

  async function writeInPlace(key: string, write: (temporary: string) => Promise<void>) {
    const path = pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // The writer's pid in the name tells a later start whose half-written file it is.
    const temporary = `${path}.${process.pid}-${randomBytes(6).toString('hex')}.partial`;
    try {
      await write(temporary);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  return {
    kind: 'local',

    async put(key, bytes) {
      await writeInPlace(key, (temporary) => writeFile(temporary, bytes));
    },

    async putFile(key, source) {
      await writeInPlace(key, (temporary) => copyFile(source, temporary));
    },

    async copy(from, to) {
      const source = pathOf(from);
      if (!(await statFile(source).catch(() => null))?.isFile()) return false;
      await writeInPlace(to, (temporary) => copyFile(source, temporary));
      return true;
    },

    async stat(key) {
      const info = await statFile(pathOf(key)).catch(() => null);
      if (!info?.isFile()) return null;
      return {
        size: info.size,
        contentType: contentTypeOf(key),
        etag: `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`,
        lastModified: info.mtime,
      };
    },

    async read(key, range) {
      const path = pathOf(key);
      const info = await statFile(path).catch(() => null);
      if (!info?.isFile()) return null;
      return createReadStream(path, range ? { start: range.start, end: range.end } : {});
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async list({ after, limit }) {
      const keys = (await listKeys(options.root)).filter((key) => after === undefined || key > after).slice(0, limit);
      const listed = await Promise.all(
        keys.map(async (key) => {
          const info = await statFile(join(options.root, key)).catch(() => null);
          return info?.isFile() ? [{ key, lastModified: info.mtime }] : [];
        }),
      );
      return listed.flat();
    },

    publicUrl(key) {
      assertSafeKey(key);
      return `${options.publicUrl}/files/${key}`;
    },
  };
}
