import { z } from 'zod';
import { recordingIdSchema } from '@vocal/settings-model';
import { badRequest } from '../http/http-error.ts';

/**
 * Where a page ended: the last row's exact time (a message's upload, a comment's writing, as
 * PostgreSQL wrote it), its id, and whether it was a comment (a cursor without `kind` was a
 * message, as every cursor was before comments were listed).
 */
export type InboxCursor = { date: string; id: string; kind?: 'comment' };

// Microseconds, UTC: the precision the database keeps, so no two rows collapse onto one time.
const cursorSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  // A comment's id is a UUID, which the recording id pattern also admits.
  id: recordingIdSchema,
  kind: z.literal('comment').optional(),
});

const BAD_CURSOR = 'query: cursor is not a cursor this server gave (start again without one)';

/**
 * Opaque to clients (base64url JSON), so its contents may change without breaking them; it
 * carries no secret and grants nothing: the user is still the token's, and the filters are
 * the query's.
 */
export function encodeInboxCursor(cursor: InboxCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeInboxCursor(text: string): InboxCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(BAD_CURSOR);
  }
  const parsed = cursorSchema.safeParse(value);
  if (!parsed.success || Number.isNaN(Date.parse(parsed.data.date))) throw badRequest(BAD_CURSOR);
  return parsed.data;
}
