import { describe, expect, it } from 'vitest';
import { extensionIdSchema, NOT_INSTALLED, sendCodeToExtension } from './extension-handoff.ts';

const ID = 'abcdefghijklmnopabcdefghijklmnop';

type FakeRuntime = {
  lastError?: { message: string };
  sendMessage(extensionId: string, message: unknown, callback: (response: unknown) => void): void;
};

/** Chrome's page-side runtime as an extension's externally_connectable gives it, answering `reply`. */
function fakeScope(reply: (message: unknown) => { response?: unknown; lastError?: string }) {
  const sent: { extensionId: string; message: unknown }[] = [];
  const runtime: FakeRuntime = {
    sendMessage(extensionId, message, callback) {
      sent.push({ extensionId, message });
      const answer = reply(message);
      runtime.lastError = answer.lastError ? { message: answer.lastError } : undefined;
      queueMicrotask(() => callback(answer.response));
    },
  };
  return { scope: { chrome: { runtime } }, sent };
}

describe('handing a sign-in code to Vocal for Chrome', () => {
  it('sends the code, and only the code, to the extension named, and passes on its answer', async () => {
    const { scope, sent } = fakeScope(() => ({ response: { ok: true } }));
    expect(await sendCodeToExtension(ID, 'the-code', scope)).toEqual({ ok: true });
    expect(sent).toEqual([{ extensionId: ID, message: { type: 'vocal-session-handoff', code: 'the-code' } }]);
  });

  it('passes on the extension’s refusal with its words', async () => {
    const { scope } = fakeScope(() => ({ response: { ok: false, msg: 'This sign-in code has expired.' } }));
    expect(await sendCodeToExtension(ID, 'code', scope)).toEqual({ ok: false, msg: 'This sign-in code has expired.' });
  });

  it('says the extension did not answer when it is missing, errs, or answers something else', async () => {
    expect(await sendCodeToExtension(ID, 'code', {})).toEqual({ ok: false, msg: NOT_INSTALLED });
    const unreachable = fakeScope(() => ({ lastError: 'Could not establish connection.' })).scope;
    expect(await sendCodeToExtension(ID, 'code', unreachable)).toEqual({ ok: false, msg: NOT_INSTALLED });
    expect(await sendCodeToExtension(ID, 'code', fakeScope(() => ({ response: 'garbage' })).scope)).toEqual({
      ok: false,
      msg: NOT_INSTALLED,
    });
    const throwing = {
      chrome: {
        runtime: {
          sendMessage: () => {
            throw new TypeError('Invalid extension id');
          },
        },
      },
    };
    expect(await sendCodeToExtension(ID, 'code', throwing)).toEqual({ ok: false, msg: NOT_INSTALLED });
  });

  it('takes only a well-formed extension id', () => {
    expect(extensionIdSchema.safeParse(ID).success).toBe(true);
    for (const bad of ['', 'abc', `${ID}a`, ID.replace('a', 'z'), ID.toUpperCase()]) {
      expect(extensionIdSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
