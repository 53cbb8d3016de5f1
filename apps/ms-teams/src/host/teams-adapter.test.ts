import { describeHostAdapterContract, sampleShare } from '@vocal/host-contract/contract';
import { hasCapability } from '@vocal/host-contract';
import { describe, expect, it } from 'vitest';
import { createTeamsAdapter, plainMessage } from './teams-adapter.ts';
import { createFakeTeams, type FakeTeamsOptions } from './teams-fake-sdk.ts';
import { isTeamsMobile } from './teams-sdk.ts';

const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1' };

function setup(options: FakeTeamsOptions = {}) {
  const fake = createFakeTeams(options);
  return { ...fake, adapter: createTeamsAdapter(fake.sdk) };
}

describeHostAdapterContract('the Teams adapter', () => {
  const { adapter, calls } = setup();
  return {
    adapter,
    // What the person sees in Teams' share box: the compose text, then the link.
    insertedContent: () =>
      calls.shared.flatMap((request) => request.content.map((item) => [item.message, item.url].filter(Boolean).join('\n'))),
  };
});

describe('the Teams adapter', () => {
  it('is the ms-teams platform, and reads the address and language Teams knows', async () => {
    const { adapter } = setup();
    expect(adapter.platform).toBe('ms-teams');
    expect(await adapter.ready()).toEqual({ email: 'ada@example.com', locale: 'en-GB' });
  });

  it('prefills no address from a login hint that is not one, and stays ready when Teams cannot say', async () => {
    expect(await setup({ context: { loginHint: 'ADA\\ada', locale: 'fr-FR' } }).adapter.ready()).toEqual({ locale: 'fr-FR' });
    const broken = createFakeTeams();
    broken.sdk.getContext = () => Promise.reject(new Error('No context'));
    expect(await createTeamsAdapter(broken.sdk).ready()).toEqual({});
  });

  it('opens Teams’ share box with the link, the signature as the message, and a preview', async () => {
    const { adapter, calls } = setup();
    const share = sampleShare({ message: 'Listen & reply <soon>' });
    expect(await adapter.insertShare(share)).toEqual({ inserted: true });
    expect(calls.shared).toEqual([
      { content: [{ type: 'URL', url: 'https://vocal.example/listen/AbCdEf123456', message: 'Listen & reply ‹soon›', preview: true }] },
    ]);
  });

  it('shares the link alone when the signature is off', async () => {
    const { adapter, calls } = setup();
    await adapter.insertShare(sampleShare({ message: null }));
    expect(calls.shared[0]!.content).toEqual([{ type: 'URL', url: 'https://vocal.example/listen/AbCdEf123456', preview: true }]);
  });

  it('says to copy the link where the client cannot share, and when the person closes the share box', async () => {
    const unsupported = setup({ noSharing: true });
    expect(await unsupported.adapter.insertShare(sampleShare())).toEqual({
      inserted: false,
      reason: expect.stringMatching(/copy the link/),
    });
    expect(unsupported.calls.shared).toEqual([]);

    const aborted = setup({ shareError: { errorCode: 8000, message: 'User cancelled' } });
    expect(await aborted.adapter.insertShare(sampleShare())).toEqual({
      inserted: false,
      reason: expect.stringMatching(/closed before sharing/),
    });

    const failed = setup({ shareError: { errorCode: 501, message: 'Not supported in a dialog' } });
    expect(await failed.adapter.insertShare(sampleShare())).toEqual({
      inserted: false,
      reason: 'Teams could not share the link (Not supported in a dialog): copy it instead.',
    });
  });

  it('turns angle brackets into look-alikes and leaves the rest of the text alone', () => {
    expect(plainMessage('<b>Hi</b> & “you”')).toBe('‹b›Hi‹/b› & “you”');
  });

  it('offers recording in a window only when the tab is given a way to open one', async () => {
    expect(hasCapability(setup().adapter, 'recordInWindow')).toBe(false);
    const share = sampleShare();
    const opened: string[] = [];
    const adapter = createTeamsAdapter(createFakeTeams().sdk, {
      recordInWindow: async (url) => {
        opened.push(url);
        return share;
      },
    });
    expect(await adapter.recordInWindow!('https://vocal.example/teams/record')).toEqual(share);
    expect(opened).toEqual(['https://vocal.example/teams/record']);
    expect(hasCapability(adapter, 'attachAudio')).toBe(false);
  });
});

describe('signing in through the window Teams opens', () => {
  const url = 'https://vocal.example/hosts/ms-teams/auth.html?email=ada%40example.com';

  it('asks Teams to open our page and resolves with the tokens it hands back', async () => {
    const { adapter, calls } = setup({ authenticate: { result: JSON.stringify({ type: 'signed-in', tokens }) } });
    expect(await adapter.signInWithDialog!(url)).toEqual(tokens);
    expect(calls.authenticated).toEqual([{ url, width: 480, height: 640 }]);
  });

  it('resolves null when the person closes the window', async () => {
    expect(await setup({ authenticate: { failure: 'CancelledByUser' } }).adapter.signInWithDialog!(url)).toBeNull();
  });

  it('rejects with a clear message when the window cannot open or Teams stops the flow', async () => {
    await expect(setup({ authenticate: { failure: 'FailedToOpenWindow' } }).adapter.signInWithDialog!(url)).rejects.toThrow(
      'Teams refused to open it.',
    );
    await expect(setup({ authenticate: { failure: 'Something else' } }).adapter.signInWithDialog!(url)).rejects.toThrow(
      'Teams said: Something else.',
    );
  });

  it('refuses a result that is not a session', async () => {
    for (const result of [
      'not json',
      JSON.stringify({ type: 'signed-in', tokens: { accessToken: '' } }),
      JSON.stringify({ type: 'cancelled' }),
      JSON.stringify({ type: 'other' }),
    ]) {
      await expect(setup({ authenticate: { result } }).adapter.signInWithDialog!(url)).rejects.toThrow('not a session');
    }
  });
});

describe('which Teams clients are phones', () => {
  it('takes Android, iOS and iPadOS for phones and tablets, whose tabs have no microphone; the rest are computers', () => {
    for (const clientType of ['android', 'ios', 'ipados']) expect(isTeamsMobile(clientType), clientType).toBe(true);
    for (const clientType of ['web', 'desktop', 'macos', undefined]) expect(isTeamsMobile(clientType), String(clientType)).toBe(false);
  });
});
