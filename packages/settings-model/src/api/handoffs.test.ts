import { describe, expect, it } from 'vitest';
import {
  recordingHandoffClaimResponseSchema,
  recordingHandoffCreatedSchema,
  recordingHandoffRequestSchema,
  recordingHandoffShareSchema,
  sessionHandoffClaimSchema,
} from './handoffs.ts';

const code = 'A'.repeat(43);

describe('handoff payloads (issue 12)', () => {
  it('takes a code the server could have issued, and names the field when it is not one', () => {
    expect(sessionHandoffClaimSchema.parse({ code })).toEqual({ code });
    for (const bad of ['', 'short', `${'a'.repeat(40)}!!!`, 'A'.repeat(129), 42]) {
      const issue = sessionHandoffClaimSchema.safeParse({ code: bad }).error?.issues[0];
      expect(issue?.path).toEqual(['code']);
    }
    expect(sessionHandoffClaimSchema.safeParse({}).error?.issues[0]?.message).toBe('is required');
  });

  it('knows the hosts that ask for a recording handoff: the Apps Script add-ons and the panels without a window of ours', () => {
    for (const host of ['ms-teams', 'front-app', 'zoho-mail', 'google-meet', 'gmail', 'google-docs']) {
      expect(recordingHandoffRequestSchema.parse({ host })).toEqual({ host });
    }
    expect(recordingHandoffRequestSchema.safeParse({ host: 'outlook' }).error?.issues[0]?.message).toBe(
      "must be one of 'ms-teams', 'front-app', 'zoho-mail', 'google-meet', 'gmail', 'google-docs'",
    );
    expect(recordingHandoffRequestSchema.safeParse({}).error?.issues[0]?.message).toBe('is required');
    expect(recordingHandoffShareSchema.safeParse({ recordingId: '../x' }).success).toBe(false);
  });

  it('reads a created handoff and both answers of a claim', () => {
    const created = { id: 'b'.repeat(22), secret: 'c'.repeat(43), expiresAt: '2026-01-01T10:30:00.000Z' };
    expect(recordingHandoffCreatedSchema.parse(created)).toEqual(created);
    expect(recordingHandoffClaimResponseSchema.parse({ status: 'waiting' })).toEqual({ status: 'waiting' });
    const share = {
      id: 'AbCdEf123456',
      url: 'https://vocal.example/listen/AbCdEf123456',
      title: 'Listen to my voice message',
      message: null,
      imageUrl: 'https://vocal.example/files/AbCdEf123456.png',
      durationSeconds: 3.2,
      accent: { background: '#2271E1', text: '#FFFFFF' },
    };
    expect(recordingHandoffClaimResponseSchema.parse({ status: 'ready', share })).toEqual({ status: 'ready', share });
    const plain = { ...share, accent: null };
    expect(recordingHandoffClaimResponseSchema.parse({ status: 'ready', share: plain })).toEqual({ status: 'ready', share: plain });
    expect(recordingHandoffClaimResponseSchema.safeParse({ status: 'ready' }).success).toBe(false);
    expect(recordingHandoffClaimResponseSchema.safeParse({ status: 'ready', share: { ...share, url: 'not a url' } }).success).toBe(false);
    // The accent's colours go into a style attribute: six hex digits, nothing else.
    for (const background of ['red', '#2271E1;background:url(x)', 'rgb(1,2,3)', '#FFF']) {
      const refused = recordingHandoffClaimResponseSchema.safeParse({
        status: 'ready',
        share: { ...share, accent: { background, text: '#FFFFFF' } },
      });
      expect(refused.error?.issues[0]?.path).toEqual(['share', 'accent', 'background']);
    }
  });
});
