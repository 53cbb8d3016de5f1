import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { seedPgliteDatabase } from './pglite-template.ts';
import { createScratchDatabase } from './scratch-database.ts';
import type { Backend } from './test-server.ts';

/** A migrated database of the given kind, without a server, for data-layer tests. */
export async function openTestDatabase(backend: Backend): Promise<DatabaseHandle & { url: string | null; drop(): Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vocal-db-test-'));
  const scratch = backend === 'postgres' ? await createScratchDatabase(process.env.TEST_DATABASE_URL!) : null;
  if (!scratch) await seedPgliteDatabase(dataDir);
  const handle = await openDatabase({ databaseUrl: scratch?.url ?? null, dataDir });
  return {
    ...handle,
    url: scratch?.url ?? null,
    async drop() {
      await handle.close();
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
