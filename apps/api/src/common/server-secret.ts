import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { serverSecrets } from '../db/schema.ts';

/**
 * A random secret generated the first time it is asked for and kept in the database, so every
 * server process on that database uses the same one (the first writer wins the race).
 */
export function serverSecret(db: Database, name: string, bytes: number): Promise<string> {
  return serverSecretMadeBy(db, name, () => randomBytes(bytes).toString('base64url'));
}

/** The same for a secret `make` writes (a key pair's PEM): made once, by whichever process asks first. */
export async function serverSecretMadeBy(db: Database, name: string, make: () => string): Promise<string> {
  await db.insert(serverSecrets).values({ key: name, value: make() }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.key, name));
  if (!row) throw new Error(`The server secret ${name} could not be stored`);
  return row.value;
}
