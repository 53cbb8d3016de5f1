import type { KeyedHash } from '../common/keyed-hash.ts';
import { equalText } from '../common/equal-text.ts';
import type { Storage } from '../storage/storage.ts';

/** How long a private message's signed file addresses stay good (and an unlock token, which opens them). */
export const SIGNED_FILE_SECONDS = 3600;

/**
 * Short-lived addresses of a private message's files (decisions 0074, 0077), for whoever may
 * listen: an unlocked listener, a team member, the owner in their own lists. S3 presigns a GET;
 * local storage's `/files/{key}` checks `expires` and `signature`, an HMAC under a server secret.
 */
export function createSignedFiles(options: {
  /** The message unlock key (services.ts), shared with the unlock tokens, which sign their own first part. */
  sign: KeyedHash;
  storage: Pick<Storage, 'publicUrl' | 'signedUrl'>;
  now: () => Date;
}) {
  const { sign, storage, now } = options;
  const fileSignature = (key: string, expires: number) => sign('file', key, String(expires));

  return {
    /** A file's signed address, good for SIGNED_FILE_SECONDS. */
    async signedFileUrl(key: string): Promise<string> {
      if (storage.signedUrl) return storage.signedUrl(key, SIGNED_FILE_SECONDS);
      const expires = Math.floor(now().getTime() / 1000) + SIGNED_FILE_SECONDS;
      return `${storage.publicUrl(key)}?expires=${expires}&signature=${await fileSignature(key, expires)}`;
    },

    /** Whether `/files/{key}` was asked for with a signature this server made, still in time. */
    async validFileSignature(key: string, expires: string | undefined, signature: string | undefined): Promise<boolean> {
      if (!expires || !signature || !/^\d{10,13}$/.test(expires)) return false;
      if (Number(expires) * 1000 <= now().getTime()) return false;
      return equalText(signature, await fileSignature(key, Number(expires)));
    },
  };
}

export type SignedFiles = ReturnType<typeof createSignedFiles>;
