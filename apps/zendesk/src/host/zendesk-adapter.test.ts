import { describeHostAdapterContract, sampleShare, LIGHT_LINK_STYLE } from '@vocal/host-contract/contract';
import { describe, expect, it } from 'vitest';
import { createFakeZafClient, type FakeZafOptions } from './fake-zaf-client.ts';
import { APPEND_HTML, createZendeskAdapter } from './zendesk-adapter.ts';

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
    expect(calls).toContainEqual({ request: 'get', paths: ['ticket.subject', 'ticket.requester.name'] });
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
