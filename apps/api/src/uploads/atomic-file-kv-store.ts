import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Configstore } from '@tus/file-store';
import { ERRORS, type Upload } from '@tus/utils';
import { recordingIdSchema } from '@vocal/settings-model';

/**
 * Where tus's file store keeps each upload's record (its length, its metadata), written so a
 * reader never meets half of one. tus's own file configstore truncates the JSON and writes it
 * again, and answers "no such upload" for anything it cannot parse: an upload-vocal or a HEAD
 * that read the record while the last PATCH declared the length found no upload, and the
 * recorder sent the whole file again (a 700 ms and a 2.8 s Stop-to-link on the weak uplink).
 * Here the record is written beside it and renamed into place, so a reader, in this process or
 * another sharing the folder, sees the old record or the new one.
 */
export class AtomicFileKvStore implements Configstore {
  constructor(private readonly directory: string) {}

  /** Upload ids are reservation ids, so a record is never a path outside the folder. */
  private pathOf(key: string): string {
    if (!recordingIdSchema.safeParse(key).success) throw ERRORS.FILE_NOT_FOUND;
    return join(this.directory, `${key}.json`);
  }

  async get(key: string): Promise<Upload | undefined> {
    const text = await readFile(this.pathOf(key), 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    return text === null ? undefined : (JSON.parse(text) as Upload);
  }

  async set(key: string, value: Upload): Promise<void> {
    const path = this.pathOf(key);
    // A leading dot: never taken for an upload by the sweep (progressive-uploads.ts).
    const temporary = join(this.directory, `.${key}.json.${randomBytes(6).toString('hex')}.partial`);
    try {
      await writeFile(temporary, JSON.stringify(value));
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key));
  }
}
