import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestSession, type SessionChannel } from './request-session.ts';
import type { OpenerToWindowMessage } from './window-messages.ts';

function channel(options: { canHear?: boolean; failListen?: boolean } = {}) {
  let handler: ((message: OpenerToWindowMessage) => void) | null = null;
  const sent: unknown[] = [];
  const fake: SessionChannel = {
    canHearParent: () => options.canHear ?? true,
    listen: async (next) => {
      if (options.failListen) throw new Error('refused');
      handler = next;
    },
    send: (message) => void sent.push(message),
  };
  return { fake, sent, answer: (message: OpenerToWindowMessage) => handler?.(message) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('borrowing the panel’s session', () => {
  it('asks after it listens, and resolves with the answer', async () => {
    const { fake, sent, answer } = channel();
    const reply = requestSession(fake);
    await vi.waitFor(() => expect(sent).toEqual([{ type: 'session-request' }]));
    answer({ type: 'session', tokens: { accessToken: 'a', refreshToken: 'r' }, subject: 'Hi' });
    expect(await reply).toEqual({ type: 'session', tokens: { accessToken: 'a', refreshToken: 'r' }, subject: 'Hi' });
  });

  it('does not ask where the client cannot answer', async () => {
    const { fake, sent } = channel({ canHear: false });
    expect(await requestSession(fake)).toBeNull();
    expect(sent).toEqual([]);
  });

  it('gives up when the host refuses the handler', async () => {
    expect(await requestSession(channel({ failListen: true }).fake)).toBeNull();
  });

  it('gives up when no answer comes in time', async () => {
    vi.useFakeTimers();
    const reply = requestSession(channel().fake, 5000);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await reply).toBeNull();
  });
});
