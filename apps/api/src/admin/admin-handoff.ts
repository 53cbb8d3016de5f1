import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * While a server runs it leaves `server.json` in the data folder: its URL, pid and a fresh
 * admin token, readable only by its own user. The admin command uses it to reach the server.
 */
const handoffSchema = z.object({ url: z.string(), pid: z.number(), adminToken: z.string() });
export type AdminHandoff = z.infer<typeof handoffSchema>;

const fileOf = (dataDir: string) => join(dataDir, 'server.json');

export const newAdminToken = () => randomBytes(32).toString('base64url');

/**
 * Written beside it and renamed into place, so a reader (the admin command, a test) never
 * sees a half-written file: a rename within one folder is atomic.
 */
export async function writeHandoff(dataDir: string, handoff: AdminHandoff): Promise<void> {
  const partial = `${fileOf(dataDir)}.${handoff.pid}.partial`;
  await writeFile(partial, JSON.stringify(handoff), { mode: 0o600 });
  await rename(partial, fileOf(dataDir));
}

export async function removeHandoff(dataDir: string, pid: number): Promise<void> {
  const current = await readHandoff(dataDir);
  if (current?.pid === pid) await rm(fileOf(dataDir), { force: true });
}

export async function readHandoff(dataDir: string): Promise<AdminHandoff | null> {
  try {
    const parsed = handoffSchema.safeParse(JSON.parse(await readFile(fileOf(dataDir), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
