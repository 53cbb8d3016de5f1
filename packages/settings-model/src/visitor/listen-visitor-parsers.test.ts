import { describe, expect, it } from 'vitest';
import { trackViewResponseSchema } from '../api/analytics.ts';
import { errorBodySchema } from '../api/errors.ts';
import { commentSchema, commentsResponseSchema } from '../api/visitors.ts';
import {
  visitorCommentParser,
  visitorCommentsResponseParser,
  visitorErrorBodyParser,
  visitorTrackViewResponseParser,
} from './listen-visitor-parsers.ts';

const comment = { id: '0b7c8f0e-7f5e-4d7a-9d3e-2a1b0c9d8e7f', name: 'Someone', text: 'Nice', createdAt: '2026-11-28T04:00:00.000Z' };

/** Every kind of answer the parsers may meet: right, wrong in each field, extra fields, not objects. */
const samples: unknown[] = [
  comment,
  { ...comment, extra: true },
  { ...comment, createdAt: '2026-11-28T04:00:00+02:00' },
  { ...comment, createdAt: '2026-11-28T04:00:00.123456Z' },
  { ...comment, createdAt: '2026-11-28T04:00Z' },
  { ...comment, createdAt: '2026-02-30T04:00:00Z' },
  { ...comment, createdAt: '2024-02-29T04:00:00Z' },
  { ...comment, createdAt: '2026-11-28 04:00:00Z' },
  { ...comment, createdAt: 'yesterday' },
  { ...comment, id: 'not-a-uuid' },
  { ...comment, id: '0b7c8f0e-7f5e-9d7a-9d3e-2a1b0c9d8e7f' },
  { ...comment, id: '00000000-0000-0000-0000-000000000000' },
  { ...comment, name: null },
  { ...comment, text: 3 },
  { id: comment.id },
  { enabled: true, comments: [comment] },
  { enabled: false, comments: [] },
  { enabled: true, comments: [comment, { ...comment, id: 'x' }] },
  { enabled: 'yes', comments: [] },
  { enabled: true, comments: {} },
  { counted: true, listen: comment.id },
  { counted: false },
  { counted: false, listen: undefined },
  { counted: true, listen: 'x' },
  { counted: true, listen: null },
  { counted: 1 },
  { msg: 'Nope' },
  { msg: 'Nope', extra: 1 },
  { msg: 4 },
  { message: 'Nope' },
  null,
  'text',
  [comment],
  42,
];

const pairs = [
  ['comment', commentSchema, visitorCommentParser],
  ['comments response', commentsResponseSchema, visitorCommentsResponseParser],
  ['track view response', trackViewResponseSchema, visitorTrackViewResponseParser],
  ['error body', errorBodySchema, visitorErrorBodyParser],
] as const;

describe("the visitor listen page's parsers", () => {
  it.each(pairs)('%s: accepts and refuses what its zod schema does, and gives the same value', (_name, schema, parser) => {
    for (const sample of samples) {
      const expected = schema.safeParse(sample);
      const actual = parser.safeParse(sample);
      expect(actual.success, JSON.stringify(sample)).toBe(expected.success);
      if (expected.success && actual.success) expect(actual.data, JSON.stringify(sample)).toEqual(expected.data);
    }
  });
});
