import { describeHostAdapterContract, sampleReply, sampleShare, LIGHT_LINK_STYLE } from '@vocal/host-contract/contract';
import { describe, expect, it } from 'vitest';
import { createFakeZafClient, type FakeZafOptions } from './fake-zaf-client.ts';
import { APPEND_HTML, COMMENT_TYPE, createZendeskAdapter, NOTIFY } from './zendesk-adapter.ts';

const ticket = {
  'ticket.subject': 'Printer on fire',
  'ticket.requester.name': 'Mikkel Svane',
  'currentUser.email': 'agent@example.com',
  'currentUser.locale': 'en-US',
};

function setup(options: FakeZafOptions = {}) {
  const fake = createFakeZafClient({ properties: ticket, ...options });
  return { ...fake, adapter: createZendeskAdapter(fake.client) };
}

describeHostAdapterContract('the Zendesk adapter', () => {
  const { adapter, invoked } = setup();
  return { adapter, insertedContent: () => invoked(APPEND_HTML).map((args) => String(args[0])) };
});

describe('the Zendesk adapter', () => {
  it('is the zendesk platform, and titles the message from the ticket’s subject and requester', async () => {
    const { adapter, calls } = setup();
    expect(adapter.platform).toBe('zendesk');
    expect(adapter.sendLabel).toBe('Add to reply');
    expect(await adapter.ready()).toEqual({ subject: 'Printer on fire · for Mikkel Svane', email: 'agent@example.com', locale: 'en-US' });
    expect(calls).toContainEqual({
      request: 'get',
      paths: ['ticket.subject', 'ticket.requester.name', 'ticket.id', 'currentAccount.subdomain'],
    });
  });

  it('reads the ticket again on each start, the agent once', async () => {
    const { adapter, calls } = setup();
    await adapter.ready();
    await adapter.ready();
    const gets = calls.filter((call) => call.request === 'get');
    expect(gets.filter((call) => call.paths.includes('ticket.subject'))).toHaveLength(2);
    expect(gets.filter((call) => call.paths.includes('currentUser.email'))).toHaveLength(1);
  });

  it('titles a ticket without a subject by its requester, and one with neither not at all', async () => {
    expect((await setup({ properties: { 'ticket.requester.name': 'Ada', 'ticket.subject': '  ' } }).adapter.ready()).subject).toBe(
      'Voice message for Ada',
    );
    expect(await setup({ properties: {} }).adapter.ready()).toEqual({});
  });

  it('names the ticket as the conversation: its account’s subdomain and its id', async () => {
    const saved = setup({ properties: { ...ticket, 'ticket.id': 4521, 'currentAccount.subdomain': 'acme' } });
    expect((await saved.adapter.ready()).conversation).toBe('zendesk:acme/4521');
    // A new ticket has no id yet: nothing recorded there can be found again by ticket.
    const unsaved = setup({ properties: { ...ticket, 'currentAccount.subdomain': 'acme' } });
    expect(await unsaved.adapter.ready()).not.toHaveProperty('conversation');
    const odd = setup({ properties: { ...ticket, 'ticket.id': 'abc', 'currentAccount.subdomain': 'acme' } });
    expect(await odd.adapter.ready()).not.toHaveProperty('conversation');
  });

  it('puts a reply on the ticket as an internal note in the editor', async () => {
    const { adapter, calls } = setup();
    expect(adapter.replyInsertLabel).toBe('Add as internal note');
    expect(await adapter.insertReply?.(sampleReply({ from: 'Ana <Lima>' }))).toEqual({ inserted: true });
    expect(calls.filter((call) => call.request !== 'get')).toEqual([
      { request: 'set', path: COMMENT_TYPE, value: 'internalNote' },
      {
        request: 'invoke',
        name: APPEND_HTML,
        args: [
          '<p>🎙️ <a href="https://vocal.example/listen/Reply0000001">Voice reply from Ana &#60;Lima&#62;</a></p>' +
            '<blockquote>Thanks, the numbers look right to me.</blockquote>',
        ],
      },
    ]);
  });

  it('says why a reply was not added, and does not throw', async () => {
    const failing = setup({ failAction: { name: APPEND_HTML, message: 'The ticket is closed.' } });
    expect(await failing.adapter.insertReply?.(sampleReply())).toEqual({
      inserted: false,
      reason: 'Zendesk did not add the reply as an internal note (The ticket is closed): copy its link instead.',
    });
    expect((await setup({ unreachable: true }).adapter.insertReply?.(sampleReply()))?.inserted).toBe(false);
  });

  it('tells the agent of news through Zendesk’s own notices', async () => {
    const { adapter, invoked } = setup();
    await adapter.notify?.('Vocal: 1 new reply to your voice messages here.');
    expect(invoked(NOTIFY)).toEqual([['Vocal: 1 new reply to your voice messages here.', 'notice']]);
  });

  it('still becomes ready when Zendesk does not answer', async () => {
    expect(await setup({ unreachable: true }).adapter.ready()).toEqual({});
  });

  it('appends the escaped link and signature to the reply as HTML', async () => {
    const { adapter, calls } = setup();
    const share = sampleShare({ title: 'Tom & Jerry', message: 'Hi <there>' });
    expect(await adapter.insertShare(share)).toEqual({ inserted: true });
    expect(calls.filter((call) => call.request === 'invoke')).toEqual([
      {
        request: 'invoke',
        name: APPEND_HTML,
        args: [
          `<p>Hi &#60;there&#62;<br>🎙️ <a href="https://vocal.example/listen/AbCdEf123456" style="${LIGHT_LINK_STYLE}">Tom &#38; Jerry</a></p>`,
        ],
      },
    ]);
  });

  it('adds the message’s card under the link when the preview setting is on', async () => {
    const { adapter, invoked } = setup({ settings: { preview_image: true } });
    const share = sampleShare({ title: 'A "quoted" title' });
    await adapter.insertShare(share);
    expect(invoked(APPEND_HTML)).toEqual([
      [
        `<p>Hey, check out my voice message!<br>🎙️ <a href="https://vocal.example/listen/AbCdEf123456" style="${LIGHT_LINK_STYLE}">A &#34;quoted&#34; title</a></p>` +
          `<p><a href="https://vocal.example/listen/AbCdEf123456"><img src="https://vocal.example/listen/AbCdEf123456/card.png" alt="A &#34;quoted&#34; title" width="300"></a></p>`,
      ],
    ]);
  });

  it('reports a reply Zendesk refused, with its reason, instead of throwing', async () => {
    const { adapter } = setup({ failAction: { name: APPEND_HTML, message: 'The ticket is closed.' } });
    expect(await adapter.insertShare(sampleShare())).toEqual({
      inserted: false,
      reason: 'Zendesk did not add the link to the reply (The ticket is closed): copy it instead.',
    });
    const silent = setup({ unreachable: true });
    expect(await silent.adapter.insertShare(sampleShare())).toMatchObject({ inserted: false, reason: expect.stringContaining('timeout') });
  });

  it('has no window capabilities of its own: the app adds its popups', () => {
    const { adapter } = setup();
    expect(adapter.signInWithDialog).toBeUndefined();
    expect(adapter.recordInWindow).toBeUndefined();
    expect(adapter.attachAudio).toBeUndefined();
  });
});
