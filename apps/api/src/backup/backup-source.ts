import type { Readable } from 'node:stream';
import type { Database } from '../db/database.ts';
import { conflict } from '../http/http-error.ts';
import type { Storage } from '../storage/storage.ts';
import { EXTERNAL_BACKUP_ADVICE } from './backup-format.ts';
import { packSnapshot, takeSnapshot } from './backup-snapshot.ts';
import { embeddedClientOf } from './embedded-client.ts';

/** A running server's backup, as a tar stream; what GET /api/admin/backup answers. */
export type BackupSource = () => Promise<Readable>;

/**
 * The embedded database admits one process, so while the server runs only the server can
 * take a snapshot of it: the admin command asks for one here.
 */
export function createBackupSource(options: { db: Database; dataDir: string; storage: Pick<Storage, 'kind'> }): BackupSource {
  return async () => {
    const client = embeddedClientOf(options.db);
    if (!client) throw conflict(`This server runs on PostgreSQL, which the admin backup does not cover; ${EXTERNAL_BACKUP_ADVICE}`);
    if (options.storage.kind !== 'local') {
      throw conflict(`This server keeps its files in S3, which the admin backup does not cover; ${EXTERNAL_BACKUP_ADVICE}`);
    }
    return packSnapshot(await takeSnapshot({ client, dataDir: options.dataDir }));
  };
}
