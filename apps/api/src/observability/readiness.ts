import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import type { Storage } from '../storage/storage.ts';

/** An orchestrator's probe gives up after a few seconds too; a hung dependency is unreachable, not slow. */
const PROBE_TIMEOUT_MS = 5000;

/** A key no one writes: asking for it proves the store answers without touching real files. */
const STORAGE_PROBE_KEY = 'readiness-probe.txt';

export type Readiness = { ready: true } | { ready: false; unreachable: ('database' | 'storage')[] };

async function answers(probe: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([probe().then(() => true), timedOut]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the database answers a trivial query and the storage a lookup, both at once. */
export async function checkReadiness(dependencies: { db: Database; storage: Storage }): Promise<Readiness> {
  const [database, storage] = await Promise.all([
    answers(() => dependencies.db.execute(sql`select 1`)),
    answers(() => dependencies.storage.stat(STORAGE_PROBE_KEY)),
  ]);
  const unreachable = [...(database ? [] : ['database' as const]), ...(storage ? [] : ['storage' as const])];
  return unreachable.length === 0 ? { ready: true } : { ready: false, unreachable };
}
