import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { serverSecrets } from '../db/schema.ts';

/**
 * A random secret generated the first time it is asked for and kept in the database, so every
 * server process on that database uses the same one (the first writer wins the race).
 */
export async function serverSecret(db: Database, name: string, bytes: number): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ key: name, value: randomBytes(bytes).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.key, name));
  if (!row) throw new Error(`The server secret ${name} could not be stored`);
  return row.value;
}
