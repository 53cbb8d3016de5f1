import { z } from 'zod';

/**
 * One backup is one plain tar (its parts are already compressed or are MP3s and PNGs that
 * do not shrink): a manifest, the embedded database as PGlite dumps it, and every stored file
 * under files/ with the key it is stored under.
 */
export const MANIFEST_ENTRY = 'vocal-backup.json';
export const DATABASE_ENTRY = 'database.tar.gz';
export const FILES_PREFIX = 'files/';

/** Raised when a format change makes older readers wrong; restore refuses other versions. */
export const BACKUP_FORMAT = 1;

export const backupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.iso.datetime(),
  database: z.literal('pglite'),
  files: z.number().int().nonnegative(),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

/** Where the README explains backups of what this command does not cover. */
export const EXTERNAL_BACKUP_ADVICE =
  'see "Backups" in deploy/README.md: pg_dump for PostgreSQL, versioning or replication for an S3 bucket';

/** A refusal the admin command prints as it is, without a stack. */
export class BackupRefusal extends Error {}
