import { describe, expect, it } from 'vitest';
import { getVocalFreeQuerySchema } from './recordings.ts';
import { contactMessageSchema, newCommentSchema, parseVisitorTarget, visitorTargetSchema } from './visitors.ts';

describe('visitor payloads (issue 4)', () => {
  it('reads the three kinds of target, and refuses anything else', () => {
    expect(parseVisitorTarget('reply:AbCdEf123456')).toEqual({ kind: 'reply', recordingId: 'AbCdEf123456' });
    expect(parseVisitorTarget('form:XkAmzvrsTA')).toEqual({ kind: 'form', code: 'XkAmzvrsTA' });
    expect(parseVisitorTarget('collect:XkAmzvrsTA')).toEqual({ kind: 'collect', code: 'XkAmzvrsTA' });
    for (const bad of ['reply:', 'form:../x', 'other:abc123', 'reply:a b c', '']) {
      expect(visitorTargetSchema.safeParse(bad).success).toBe(false);
    }
    expect(getVocalFreeQuerySchema.safeParse({ target: 'reply:AbCdEf123456' }).data?.platform).toBe('webapp');
  });

  it('needs a comment’s text, keeps its name optional, and bounds both', () => {
    expect(newCommentSchema.parse({ text: '  Great news! ' })).toEqual({ text: 'Great news!' });
    expect(newCommentSchema.safeParse({ text: '   ' }).error?.issues[0]?.message).toBe('Write a comment first');
    expect(newCommentSchema.safeParse({}).error?.issues[0]?.message).toBe('is required');
    expect(newCommentSchema.safeParse({ text: 'x'.repeat(2001) }).success).toBe(false);
    expect(newCommentSchema.safeParse({ text: 'hi', name: 'n'.repeat(81) }).success).toBe(false);
  });

  it('needs an email and a message for a written contact-form message', () => {
    expect(contactMessageSchema.parse({ email: 'Visitor@Example.com', message: 'Call me' }).email).toBe('visitor@example.com');
    expect(contactMessageSchema.safeParse({ email: 'nope', message: 'Call me' }).error?.issues[0]?.path).toEqual(['email']);
    expect(contactMessageSchema.safeParse({ email: 'a@b.co', message: '' }).error?.issues[0]?.message).toBe('Write your message first');
  });
});
