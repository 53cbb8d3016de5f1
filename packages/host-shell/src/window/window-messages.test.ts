import { sampleShare } from '@vocal/host-contract/contract';
import { describe, expect, it } from 'vitest';
import { parseOpenerToWindowMessage, parseWindowToOpenerMessage } from './window-messages.ts';

const tokens = { accessToken: 'access', refreshToken: 'refresh' };

describe('window messages', () => {
  it('read every message a window sends', () => {
    const messages = [
      { type: 'signed-in', tokens },
      { type: 'session-request' },
      { type: 'session-updated', tokens },
      { type: 'shared', share: sampleShare() },
      { type: 'shared', share: sampleShare({ message: null, imageUrl: '' }) },
      { type: 'shared', share: sampleShare({ accent: null }) },
      { type: 'cancelled' },
    ] as const;
    for (const message of messages) expect(parseWindowToOpenerMessage(structuredClone(message))).toEqual(message);
  });

  it('carry the link’s accent, and read a window of an older build that sends none as a plain link', () => {
    const share = sampleShare({ accent: { background: '#8068AC', text: '#FFFFFF' } });
    expect(parseWindowToOpenerMessage({ type: 'shared', share })).toEqual({ type: 'shared', share });
    const { accent: _none, ...older } = share;
    expect(parseWindowToOpenerMessage({ type: 'shared', share: older })).toEqual({ type: 'shared', share: { ...share, accent: null } });
  });

  it('read the panel’s answer, with or without a session', () => {
    expect(parseOpenerToWindowMessage({ type: 'session', tokens, subject: 'Budget' })).toEqual({
      type: 'session',
      tokens,
      subject: 'Budget',
    });
    expect(parseOpenerToWindowMessage({ type: 'session', tokens: null })).toEqual({ type: 'session', tokens: null });
  });

  it('carry where the panel is, and refuse a conversation that is not a key', () => {
    const conversation = 'outlook:AAQkADAwATM3ZmYAZS0xZGQ5LTRmOGMtOWM5ZC1jNzRiYjNkYTIzNwAQAN7+8Hl=';
    expect(parseOpenerToWindowMessage({ type: 'session', tokens, conversation })).toEqual({ type: 'session', tokens, conversation });
    expect(parseOpenerToWindowMessage({ type: 'session', tokens, conversation: 'no host here' })).toBeNull();
    expect(parseOpenerToWindowMessage({ type: 'session', tokens, conversation: `zendesk:${'9'.repeat(400)}` })).toBeNull();
  });

  it('accept the server’s snake_case tokens too, and hand back camelCase', () => {
    expect(parseWindowToOpenerMessage({ type: 'signed-in', tokens: { access_token: 'a', refresh_token: 'r' } })).toEqual({
      type: 'signed-in',
      tokens: { accessToken: 'a', refreshToken: 'r' },
    });
  });

  it.each([
    ['a string', '{"type":"cancelled"}'],
    ['nothing', undefined],
    ['an unknown type', { type: 'format-disk' }],
    ['empty tokens', { type: 'signed-in', tokens: { accessToken: '', refreshToken: '' } }],
    ['a share without a link', { type: 'shared', share: { ...sampleShare(), url: undefined } }],
    ['a share linking to script', { type: 'shared', share: sampleShare({ url: 'javascript:alert(1)' }) }],
    ['a share linking to data', { type: 'shared', share: sampleShare({ url: 'data:text/html,hi' }) }],
    ['a share with a bad image', { type: 'shared', share: sampleShare({ imageUrl: 'file:///etc/passwd' }) }],
    [
      'a share whose accent escapes its style',
      { type: 'shared', share: sampleShare({ accent: { background: 'red;x:url(y)', text: '#FFFFFF' } }) },
    ],
  ])('refuse %s', (_name, value) => {
    expect(parseWindowToOpenerMessage(value)).toBeNull();
  });

  it('refuse a malformed answer from the panel', () => {
    expect(parseOpenerToWindowMessage({ type: 'session' })).toBeNull();
    expect(parseOpenerToWindowMessage({ type: 'session', tokens: { accessToken: 'a' } })).toBeNull();
    expect(parseOpenerToWindowMessage(42)).toBeNull();
  });
});
