import { describe, expect, it } from 'vitest';
import { parseWindowToOpenerMessage } from '@vocal/host-shell';
import { createTeamsAuthWindow } from './teams-auth-window.ts';
import type { TeamsAuthWindowSdk } from './teams-sdk.ts';

function fakeWindow() {
  const calls: { success: string[]; failure: string[] } = { success: [], failure: [] };
  const sdk: TeamsAuthWindowSdk = {
    getContext: async () => ({ frameContext: 'authentication' }),
    notifySuccess: (result) => void calls.success.push(result),
    notifyFailure: (reason) => void calls.failure.push(reason),
  };
  return { sdk, calls };
}

describe('the sign-in window’s side of authenticate()', () => {
  it('hands the session to Teams as a result the tab reads back', () => {
    const { sdk, calls } = fakeWindow();
    createTeamsAuthWindow(sdk).send({ type: 'signed-in', tokens: { accessToken: 'a', refreshToken: 'r' } });
    expect(calls.success).toHaveLength(1);
    expect(parseWindowToOpenerMessage(JSON.parse(calls.success[0]!))).toEqual({
      type: 'signed-in',
      tokens: { accessToken: 'a', refreshToken: 'r' },
    });
  });

  it('cancels as Teams does when the window is closed, and passes nothing else on', () => {
    const { sdk, calls } = fakeWindow();
    const window = createTeamsAuthWindow(sdk);
    window.send({ type: 'session-request' });
    window.send({ type: 'cancelled' });
    expect(calls).toEqual({ success: [], failure: ['CancelledByUser'] });
  });
});
