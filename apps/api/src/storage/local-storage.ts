import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat as statFile, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { assertSafeKey, contentTypeOf, type Storage } from './storage.ts';

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

  return {
    kind: 'local',

    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
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

    publicUrl(key) {
      assertSafeKey(key);
      return `${options.publicUrl}/files/${key}`;
    },
  };
}
