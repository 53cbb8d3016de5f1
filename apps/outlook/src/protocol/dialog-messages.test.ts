import { sampleShare } from '@vocal/host-contract/contract';
import { describe, expect, it } from 'vitest';
import { encodeDialogMessage, parseDialogToParentMessage, parseParentToDialogMessage } from './dialog-messages.ts';

const tokens = { accessToken: 'access', refreshToken: 'refresh' };

describe('dialog messages', () => {
  it('round-trip every message the dialog sends', () => {
    const messages = [
      { type: 'signed-in', tokens },
      { type: 'session-request' },
      { type: 'session-updated', tokens },
      { type: 'shared', share: sampleShare() },
      { type: 'shared', share: sampleShare({ message: null, imageUrl: '' }) },
      { type: 'cancelled' },
    ] as const;
    for (const message of messages) expect(parseDialogToParentMessage(encodeDialogMessage(message))).toEqual(message);
  });

  it('round-trip the taskpane’s answer, with or without a session', () => {
    expect(parseParentToDialogMessage(encodeDialogMessage({ type: 'session', tokens, subject: 'Budget' }))).toEqual({
      type: 'session',
      tokens,
      subject: 'Budget',
    });
    expect(parseParentToDialogMessage('{"type":"session","tokens":null}')).toEqual({ type: 'session', tokens: null });
  });

  it('accept the server’s snake_case tokens too, and hand back camelCase', () => {
    expect(parseDialogToParentMessage('{"type":"signed-in","tokens":{"access_token":"a","refresh_token":"r"}}')).toEqual({
      type: 'signed-in',
      tokens: { accessToken: 'a', refreshToken: 'r' },
    });
  });

  it.each([
    ['not JSON', 'nope'],
    ['not a string', { type: 'cancelled' }],
    ['an unknown type', '{"type":"format-disk"}'],
    ['empty tokens', '{"type":"signed-in","tokens":{"accessToken":"","refreshToken":""}}'],
    ['a share without a link', JSON.stringify({ type: 'shared', share: { ...sampleShare(), url: undefined } })],
    ['a share linking to script', JSON.stringify({ type: 'shared', share: sampleShare({ url: 'javascript:alert(1)' }) })],
    ['a share linking to data', JSON.stringify({ type: 'shared', share: sampleShare({ url: 'data:text/html,hi' }) })],
    ['a share with a bad image', JSON.stringify({ type: 'shared', share: sampleShare({ imageUrl: 'file:///etc/passwd' }) })],
  ])('refuse %s', (_name, raw) => {
    expect(parseDialogToParentMessage(raw)).toBeNull();
  });

  it('refuse a malformed answer from the taskpane', () => {
    expect(parseParentToDialogMessage('{"type":"session"}')).toBeNull();
    expect(parseParentToDialogMessage('{"type":"session","tokens":{"accessToken":"a"}}')).toBeNull();
    expect(parseParentToDialogMessage(42)).toBeNull();
  });
});
