import { createWriteStream } from 'node:fs';
import { rename, rm, rmdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { PGlite } from '@electric-sql/pglite';
import type { AdminHandoff } from '../admin/admin-handoff.ts';
import type { Config } from '../env.ts';
import { processScratchFolder } from '../processes/process-scratch.ts';
import { BackupRefusal, EXTERNAL_BACKUP_ADVICE } from './backup-format.ts';
import { packSnapshot, takeSnapshot } from './backup-snapshot.ts';
import { restoreBackup, type RestoreSummary } from './restore-backup.ts';

export type BackupSummary = { to: string; bytes: number; through: 'server' | 'database' };

/** The admin command backs up only what lives in the data folder. */
export function refuseExternalData(config: Pick<Config, 'databaseUrl' | 'storage'>, action: 'backup' | 'restore'): void {
  if (config.databaseUrl) {
    throw new BackupRefusal(`DATABASE_URL is set: ${action} covers only the embedded database and local files; ${EXTERNAL_BACKUP_ADVICE}.`);
  }
  if (config.storage.kind === 's3') {
    throw new BackupRefusal(`STORAGE=s3: ${action} covers only the embedded database and local files; ${EXTERNAL_BACKUP_ADVICE}.`);
  }
}

async function fromServer(server: AdminHandoff, partial: string) {
  const response = await fetch(`${server.url}/api/admin/backup`, { headers: { 'x-admin-token': server.adminToken } });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => ({}))) as { msg?: string };
    throw new BackupRefusal(body.msg ?? `The server answered ${response.status}`);
  }
  await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), createWriteStream(partial, { mode: 0o600 }));
}

async function fromDatabase(dataDir: string, partial: string) {
  // Opening a missing folder would make a new, empty database and back that up.
  if (!(await stat(join(dataDir, 'db')).catch(() => null)))
    throw new BackupRefusal(`No embedded database in ${dataDir}: nothing to back up`);
  const client = await PGlite.create(join(dataDir, 'db'));
  try {
    const snapshot = await takeSnapshot({ client, dataDir });
    await pipeline(packSnapshot(snapshot), createWriteStream(partial, { mode: 0o600 }));
  } finally {
    await client.close();
    // This command's own scratch folder, empty by now; a server removes it anyway at its next start.
    await rmdir(processScratchFolder(dataDir)).catch(() => {});
  }
}

/**
 * Writes the backup beside its target and renames it into place, so FILE is never a part of
 * one. A running server takes the snapshot itself (it holds the database); a stopped one's
 * folder is opened here.
 */
export async function runBackup(options: { config: Config; to: string; server: AdminHandoff | null }): Promise<BackupSummary> {
  refuseExternalData(options.config, 'backup');
  const partial = `${options.to}.${process.pid}.partial`;
  try {
    if (options.server) await fromServer(options.server, partial);
    else await fromDatabase(options.config.dataDir, partial);
    await rename(partial, options.to);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { to: options.to, bytes: (await stat(options.to)).size, through: options.server ? 'server' : 'database' };
}

export async function runRestore(options: { config: Config; from: string }): Promise<RestoreSummary> {
  refuseExternalData(options.config, 'restore');
  return restoreBackup({ from: options.from, dataDir: options.config.dataDir });
}
