import { sampleShare } from '@vocal/host-contract/contract';
import { describe, expect, it } from 'vitest';
import { encodeDialogMessage, parseDialogToParentMessage, parseParentToDialogMessage } from './dialog-messages.ts';

const tokens = { accessToken: 'access', refreshToken: 'refresh' };

// What a message may hold is host-shell's window-messages test; here, their travel as JSON strings.
describe('dialog messages', () => {
  it('round-trip as JSON both ways', () => {
    const shared = { type: 'shared', share: sampleShare({ message: null }) } as const;
    expect(parseDialogToParentMessage(encodeDialogMessage(shared))).toEqual(shared);
    const answer = { type: 'session', tokens, subject: 'Budget' } as const;
    expect(parseParentToDialogMessage(encodeDialogMessage(answer))).toEqual(answer);
  });

  it.each([
    ['not JSON', 'nope'],
    ['not a string', { type: 'cancelled' }],
    ['an unknown type', '{"type":"format-disk"}'],
    ['a share linking to script', JSON.stringify({ type: 'shared', share: sampleShare({ url: 'javascript:alert(1)' }) })],
  ])('refuse %s', (_name, raw) => {
    expect(parseDialogToParentMessage(raw)).toBeNull();
  });

  it('refuse a malformed answer from the taskpane', () => {
    expect(parseParentToDialogMessage('{"type":"session"}')).toBeNull();
    expect(parseParentToDialogMessage(42)).toBeNull();
  });
});
