import { createHmac } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { serverSecret } from './server-secret.ts';

/**
 * An HMAC of `parts` (joined by newlines) under the server secret `secretName`, for keeping a
 * visitor's address or a rate-limited client only as something that cannot be read back. The
 * secret lives in the database, so every server process hashes alike.
 */
export function createKeyedHash(db: Database, secretName: string): (...parts: string[]) => Promise<string> {
  let secret: Promise<string> | null = null;
  return async (...parts) => {
    secret ??= serverSecret(db, secretName, 32);
    return createHmac('sha256', await secret)
      .update(parts.join('\n'))
      .digest('base64url');
  };
}
