import type { TrackViewResponse } from '../api/analytics.ts';
import type { ErrorBody } from '../api/errors.ts';
import type { Comment } from '../api/visitors.ts';

/*
 * What an anonymous visitor's listen page reads from the API (the listen, comments, errors),
 * checked without zod: any zod on that path brings its shared core (15 KB gzipped, as the
 * page's other chunks use the full build), and the page's whole budget is 35 KB
 * (docs/decisions/0057). Each parser accepts exactly what its schema does: commentSchema,
 * commentsResponseSchema, trackViewResponseSchema, errorBodySchema
 * (listen-visitor-parsers.test.ts holds them to it). Imported as
 * `@vocal/settings-model/listen-visitor`, so nothing of the package's zod comes with it.
 */

/** The header that carries a password-protected message's unlock token to view-vocal, comments and replies. */
export const UNLOCK_TOKEN_HEADER = 'x-unlock-token';

export type Parsed<T> = { success: true; data: T } | { success: false };
export type Parser<T> = { safeParse(input: unknown): Parsed<T> };

// zod's own patterns for z.uuid() and z.iso.datetime({ offset: true }).
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
const DATE =
  '(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))';
const DATE_TIME = new RegExp(`^${DATE}T(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z|([+-](?:[01]\\d|2[0-3]):[0-5]\\d))$`);

type Value = Record<string, unknown>;
const isObject = (input: unknown): input is Value => typeof input === 'object' && input !== null && !Array.isArray(input);
const isString = (input: unknown): input is string => typeof input === 'string';
const isUuid = (input: unknown): input is string => isString(input) && UUID.test(input);

/** A parser from a check that also builds the value (unknown keys are dropped, as zod's objects do). */
function parser<T>(read: (input: unknown) => T | undefined): Parser<T> {
  return {
    safeParse(input) {
      const data = read(input);
      return data === undefined ? { success: false } : { success: true, data };
    },
  };
}

function readComment(input: unknown): Comment | undefined {
  if (!isObject(input) || !isUuid(input.id) || !isString(input.name) || !isString(input.text)) return undefined;
  if (!isString(input.createdAt) || !DATE_TIME.test(input.createdAt)) return undefined;
  return { id: input.id, name: input.name, text: input.text, createdAt: input.createdAt };
}

export const visitorCommentParser = parser(readComment);

export const visitorCommentsResponseParser = parser((input): { enabled: boolean; comments: Comment[] } | undefined => {
  if (!isObject(input) || typeof input.enabled !== 'boolean' || !Array.isArray(input.comments)) return undefined;
  const comments = input.comments.map(readComment);
  return comments.every((comment) => comment !== undefined) ? { enabled: input.enabled, comments: comments as Comment[] } : undefined;
});

export const visitorTrackViewResponseParser = parser((input): TrackViewResponse | undefined => {
  if (!isObject(input) || typeof input.counted !== 'boolean') return undefined;
  if (input.listen === undefined) return { counted: input.counted };
  return isUuid(input.listen) ? { counted: input.counted, listen: input.listen } : undefined;
});

/** Loose, as errorBodySchema: the server may add fields beside msg. */
export const visitorErrorBodyParser = parser((input): ErrorBody | undefined =>
  isObject(input) && isString(input.msg) ? ({ ...input, msg: input.msg } as ErrorBody) : undefined,
);
