import { randomBytes } from 'node:crypto';
import type { Storage } from '../storage/storage.ts';

/**
 * A recording's own files: `{id}.mp3` (or its WebM/MP4 original) and `{id}.png` while the
 * message is public, `{id}_{secret}.mp3` and `{id}_{secret}.png` once it was made private.
 * The first group is the id, the second the secret, when there is one.
 */
export const RECORDING_FILE = /^([A-Za-z0-9]{12})(?:_([A-Za-z0-9_-]{22}))?\.(?:mp3|webm|m4a|png)$/;

/** Where a recording's audio and waveform are stored (rows older than the key columns: under their id). */
export const storedFileKeys = (row: { id: string; audioKey: string | null; imageKey: string | null }) => ({
  audioKey: row.audioKey ?? `${row.id}.mp3`,
  imageKey: row.imageKey ?? `${row.id}.png`,
});

/** Whether a key is one of the unguessable names a private message's files move to. */
export const isPrivateKey = (key: string | null) => key !== null && RECORDING_FILE.exec(key)?.[2] !== undefined;

/** The same file under another extension, keeping its secret (a re-encoded original). */
export const withExtension = (key: string, extension: string) => key.replace(/\.[a-z0-9]+$/, `.${extension}`);

/** A new unguessable name for a recording's file: 128 random bits, so nobody can list or guess it. */
const privateKeyOf = (recordingId: string, key: string) =>
  `${recordingId}_${randomBytes(16).toString('base64url')}${key.slice(key.lastIndexOf('.'))}`;

type FileRow = { id: string; audioKey: string | null; imageKey: string | null };

/**
 * A private message's files copied to new unguessable names (decision 0077). Storage that
 * serves files without asking us (a public S3 bucket or its CDN) would otherwise go on serving
 * `{id}.mp3` to anyone: the new names are handed out only as short-lived signed addresses.
 * Every change of privacy to a password or the team (a new password too) makes new names, so
 * an address someone kept from before stops working once the old files are removed.
 *
 * The caller stores `keys` on the row and then calls `removeOld`, or `discard` if that failed.
 */
export async function copyToPrivateKeys(storage: Pick<Storage, 'copy' | 'delete'>, row: FileRow) {
  const audioFrom = row.audioKey;
  const imageFrom = row.imageKey ?? `${row.id}.png`;
  const copied: string[] = [];
  const copy = async (from: string) => {
    const to = privateKeyOf(row.id, from);
    if (!(await storage.copy(from, to))) return null;
    copied.push(to);
    return to;
  };
  const discard = () => Promise.allSettled(copied.map((key) => storage.delete(key))).then(() => undefined);
  try {
    const audioKey = audioFrom === null ? null : await copy(audioFrom);
    // A message with no waveform image keeps none; one whose audio is missing is not moved.
    const imageKey = await copy(imageFrom);
    if (audioFrom !== null && audioKey === null) throw new Error(`The recording ${row.id} has no audio at ${audioFrom}`);
    return {
      keys: { audioKey, imageKey: imageKey ?? row.imageKey },
      removeOld: () =>
        Promise.allSettled([audioFrom, imageKey ? imageFrom : null].flatMap((key) => (key ? [storage.delete(key)] : []))).then(
          () => undefined,
        ),
      discard,
    };
  } catch (error) {
    await discard();
    throw error;
  }
}
