import { describeHostAdapterContract, sampleReply, sampleShare } from '@vocal/host-contract/contract';
import { hasCapability } from '@vocal/host-contract';
import { describe, expect, it } from 'vitest';
import { createTeamsAdapter, plainMessage, replyContent } from './teams-adapter.ts';
import { createFakeTeams, type FakeTeamsOptions } from './teams-fake-sdk.ts';
import { isTeamsMobile } from './teams-sdk.ts';

const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1' };

/** A tab in a group chat, as Teams describes it (chat ids look like 19:…@thread.v2). */
const chatTab = {
  frameContext: 'content',
  loginHint: 'ada@example.com',
  locale: 'en-GB',
  chatId: '19:b8577894a63548969c5c92bb9c80c5e1@thread.v2',
};

function setup(options: FakeTeamsOptions = {}) {
  const fake = createFakeTeams(options);
  return { ...fake, adapter: createTeamsAdapter(fake.sdk) };
}

describeHostAdapterContract('the Teams adapter', () => {
  // A chat tab: it names a conversation, so it has insertReply too.
  const { adapter, calls } = setup({ context: { ...chatTab } });
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

  it('names the chat or channel the tab is in as the conversation, and none for the personal tab', async () => {
    expect((await setup({ context: chatTab }).adapter.ready()).conversation).toBe('ms-teams:19:b8577894a63548969c5c92bb9c80c5e1@thread.v2');
    const channel = setup({ context: { frameContext: 'content', channelId: '19:a3f2c1d0e9b8@thread.tacv2', channelName: 'General' } });
    expect((await channel.adapter.ready()).conversation).toBe('ms-teams:19:a3f2c1d0e9b8@thread.tacv2');
    expect((await setup({ context: { ...chatTab, channelId: '19:a3f2c1d0e9b8@thread.tacv2' } }).adapter.ready()).conversation).toBe(
      'ms-teams:19:b8577894a63548969c5c92bb9c80c5e1@thread.v2',
    );
    // The personal tab (neither), and ids no conversation key can hold: nothing to list replies by.
    expect(await setup().adapter.ready()).not.toHaveProperty('conversation');
    for (const chatId of ['', '   ', '19:chat with spaces@thread.v2', '19:çhat@thread.v2', `19:${'a'.repeat(300)}@thread.v2`]) {
      expect(await setup({ context: { ...chatTab, chatId } }).adapter.ready(), chatId).not.toHaveProperty('conversation');
    }
  });

  it('opens Teams’ share box with a reply: who answered and their words as the message, its link with a preview', async () => {
    const { adapter, calls } = setup({ context: chatTab });
    expect(adapter.replyInsertLabel).toBe('Share to Teams');
    expect(await adapter.insertReply!(sampleReply({ from: 'Ana <Lima>' }))).toEqual({ inserted: true });
    expect(calls.shared).toEqual([
      {
        content: [
          {
            type: 'URL',
            url: 'https://vocal.example/listen/Reply0000001',
            message: 'Voice reply from Ana ‹Lima›: “Thanks, the numbers look right to me.”',
            preview: true,
          },
        ],
      },
    ]);
    // A voice reply not yet transcribed: who it is from is the whole message.
    expect(replyContent(sampleReply({ text: null })).message).toBe('Voice reply from Ana Lima');
    expect(replyContent(sampleReply({ kind: 'written', from: 'Bo', text: '  Sounds good  ' })).message).toBe(
      'Comment from Bo: “Sounds good”',
    );
  });

  it('says why a reply was not shared, with its link to copy, and does not throw', async () => {
    const unsupported = setup({ context: chatTab, noSharing: true });
    expect(await unsupported.adapter.insertReply!(sampleReply())).toEqual({
      inserted: false,
      reason: 'This Teams client cannot share from an app. Copy this link: https://vocal.example/listen/Reply0000001',
    });
    expect(unsupported.calls.shared).toEqual([]);
    const aborted = setup({ context: chatTab, shareError: { errorCode: 8000, message: 'User cancelled' } });
    expect(await aborted.adapter.insertReply!(sampleReply())).toEqual({
      inserted: false,
      reason: 'The share box was closed before sharing: share the reply again when you are ready.',
    });
    const failed = setup({ context: chatTab, shareError: { errorCode: 501, message: 'Not supported in a dialog' } });
    expect(await failed.adapter.insertReply!(sampleReply())).toEqual({
      inserted: false,
      reason: 'Teams could not share the reply (Not supported in a dialog). Copy this link: https://vocal.example/listen/Reply0000001',
    });
  });

  it('has no notification surface of Teams to use: the panel’s own badge says when replies arrive', () => {
    expect(hasCapability(setup({ context: chatTab }).adapter, 'notify')).toBe(false);
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
