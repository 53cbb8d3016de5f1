import { z } from 'zod';
import { recordingSchema } from './recording.ts';
import { uuidSchema } from './validation.ts';

export const folderNameSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(80, { error: 'must be at most 80 characters' });

/**
 * A folder on the wire has `uuid` (null for the recordings outside any folder); the client
 * sees it as `id` (spec section 3).
 */
export const folderSchema = z
  .object({
    uuid: uuidSchema.nullable(),
    name: z.string(),
    recordings: z.array(recordingSchema).default([]),
  })
  .transform(({ uuid, ...folder }) => ({ id: uuid, ...folder }));
export type Folder = z.output<typeof folderSchema>;
export type FolderWire = z.input<typeof folderSchema>;
