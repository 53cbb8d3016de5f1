import { describeHostAdapterContract, LIGHT_LINK_STYLE, sampleShare } from '@vocal/host-contract/contract';
import { shareHtml } from '@vocal/host-contract';
import { createWindowAdapter } from '@vocal/host-shell';
import { describe, expect, it } from 'vitest';
import { encodeDialogMessage, parseDialogToParentMessage, type DialogToParentMessage } from '../protocol/dialog-messages.ts';
import { createOutlookDialogBridge } from './outlook-dialog-bridge.ts';
import { createFakeDialogOffice } from './outlook-fake-office.ts';

const origin = 'https://vocal.example';

describeHostAdapterContract('the Outlook record window adapter', () => {
  const fake = createFakeDialogOffice();
  const bridge = createOutlookDialogBridge(fake.office, { origin });
  const adapter = createWindowAdapter({ platform: 'outlook', sendLabel: 'Add to email', send: bridge.send });
  const shared = () =>
    fake.sent.map(parseDialogToParentMessage).flatMap((message) => (message?.type === 'shared' ? [shareHtml(message.share)] : []));
  return { adapter, insertedContent: shared };
});

describe('the dialog page’s bridge to the taskpane', () => {
  it('sends every message as JSON through messageParent', () => {
    const fake = createFakeDialogOffice();
    const bridge = createOutlookDialogBridge(fake.office, { origin });
    const message: DialogToParentMessage = { type: 'shared', share: sampleShare() };
    bridge.send(message);
    expect(fake.sent).toEqual([encodeDialogMessage(message)]);
  });

  it('carries the link’s accent to the taskpane, which inserts the themed link', async () => {
    const fake = createFakeDialogOffice();
    const adapter = createWindowAdapter({
      platform: 'outlook',
      sendLabel: 'Add to email',
      send: createOutlookDialogBridge(fake.office, { origin }).send,
    });
    await adapter.insertShare(sampleShare({ title: 'Tom & Jerry' }));
    const [message] = fake.sent.map(parseDialogToParentMessage);
    expect(message?.type === 'shared' && shareHtml(message.share)).toBe(
      `<p>Hey, check out my voice message!<br>🎙️ <a href="https://vocal.example/listen/AbCdEf123456" style="${LIGHT_LINK_STYLE}">Tom &#38; Jerry</a></p>`,
    );
  });

  it('hears the taskpane only with DialogApi 1.2', async () => {
    const deaf = createOutlookDialogBridge(createFakeDialogOffice({ canHearParent: false }).office, { origin });
    expect(deaf.canHearParent()).toBe(false);
    await expect(deaf.listen(() => undefined)).rejects.toThrow();
    expect(createOutlookDialogBridge(createFakeDialogOffice().office, { origin }).canHearParent()).toBe(true);
  });

  it('passes on well-formed messages of our origin and drops the rest', async () => {
    const fake = createFakeDialogOffice();
    const bridge = createOutlookDialogBridge(fake.office, { origin });
    const heard: unknown[] = [];
    await bridge.listen((message) => heard.push(message));
    fake.fromParent('{"type":"session","tokens":null}', 'https://evil.example');
    fake.fromParent('garbage', origin);
    fake.fromParent('{"type":"session","tokens":{"accessToken":"a"}}', origin);
    fake.fromParent('{"type":"session","tokens":{"accessToken":"a","refreshToken":"r"},"subject":"Hi"}', origin);
    fake.fromParent('{"type":"session","tokens":null}', undefined);
    expect(heard).toEqual([
      { type: 'session', tokens: { accessToken: 'a', refreshToken: 'r' }, subject: 'Hi' },
      { type: 'session', tokens: null },
    ]);
  });

  it('rejects listen() when Office refuses the handler', async () => {
    const fake = createFakeDialogOffice({ failListen: { code: 5001, message: 'Internal error' } });
    await expect(createOutlookDialogBridge(fake.office, { origin }).listen(() => undefined)).rejects.toThrow('Internal error');
  });
});
