import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { serverSecret } from './server-secret.ts';

/** What createKeyedHash makes: passed around where two modules sign under one secret. */
export type KeyedHash = (...parts: string[]) => Promise<string>;

/**
 * An HMAC of `parts` (joined by newlines) under the server secret `secretName`, for keeping a
 * visitor's address or a rate-limited client only as something that cannot be read back. The
 * secret lives in the database, so every server process hashes alike.
 */
export function createKeyedHash(db: Database, secretName: string): KeyedHash {
  // A key object made once: a string key is converted again on every HMAC, which on the listen
  // path (a hash per listener) was a measurable share of the request.
  let key: Promise<KeyObject> | null = null;
  return async (...parts) => {
    key ??= serverSecret(db, secretName, 32).then((secret) => createSecretKey(Buffer.from(secret)));
    return createHmac('sha256', await key)
      .update(parts.join('\n'))
      .digest('base64url');
  };
}
