import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/database.ts';

/**
 * The PGlite client behind a Drizzle database, or null on PostgreSQL. Drizzle keeps its
 * client as $client; the services are given only the Drizzle handle, and a backup is the one
 * thing that needs the embedded client itself.
 */
export function embeddedClientOf(db: Database): PGlite | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : null;
}
