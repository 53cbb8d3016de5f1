import { sampleReply, sampleShare, describeHostAdapterContract, LIGHT_LINK_STYLE } from '@vocal/host-contract/contract';
import { hasCapability } from '@vocal/host-contract';
import type { Tokens } from '@vocal/settings-model';
import { describe, expect, it } from 'vitest';
import { encodeDialogMessage } from '../protocol/dialog-messages.ts';
import { createOutlookAdapter, REPLIES_NOTIFICATION_KEY } from './outlook-adapter.ts';
import { DialogFailedError } from './outlook-dialog-conversation.ts';
import { createFakeOffice, type FakeOfficeOptions } from './outlook-fake-office.ts';

const origin = 'https://vocal.example';
/** A conversation id as Outlook gives it (EWS form: base64 with + / =). */
const threadId = 'AAQkADAwATM0MDAAMS1hYjU1LTk2ZDEtMDACLTAwCgAQAGVg3y+JvNFGpG/ea1Jtwzg=';
const tokens: Tokens = { accessToken: 'access-1', refreshToken: 'refresh-1' };

function setup(options: FakeOfficeOptions = {}) {
  const fake = createFakeOffice({ subject: 'Quarterly numbers', email: 'ada@example.com', ...options });
  let held: Tokens | null = tokens;
  const session = { current: () => held, update: (next: Tokens) => void (held = next) };
  const adapter = createOutlookAdapter(fake.office, { origin, session });
  return { ...fake, adapter, held: () => held };
}

describeHostAdapterContract('the Outlook adapter', () => {
  const { adapter, calls } = setup();
  return {
    adapter,
    insertedContent: () => calls.setSelectedData.map((call) => call.data),
    attachedNames: () => calls.attachments.map((attachment) => attachment.name),
  };
});

describe('the Outlook adapter', () => {
  it('is the outlook platform, and reads the address, language and subject of the draft', async () => {
    const { adapter } = setup();
    expect(adapter.platform).toBe('outlook');
    expect(await adapter.ready()).toEqual({ email: 'ada@example.com', locale: 'en-GB', subject: 'Quarterly numbers' });
  });

  it('becomes ready without a subject when Outlook cannot read it', async () => {
    const { adapter } = setup({ failSubject: { code: 9999, message: 'No' } });
    expect(await adapter.ready()).toEqual({ email: 'ada@example.com', locale: 'en-GB' });
  });

  it('inserts the escaped HTML at the cursor as HTML', async () => {
    const { adapter, calls, office } = setup();
    const share = sampleShare({ title: 'Tom & Jerry', message: 'Hi <there>' });
    expect(await adapter.insertShare(share)).toEqual({ inserted: true });
    expect(calls.setSelectedData).toEqual([
      {
        data: `<p>Hi &#60;there&#62;<br>🎙️ <a href="https://vocal.example/listen/AbCdEf123456" style="${LIGHT_LINK_STYLE}">Tom &#38; Jerry</a></p>`,
        coercionType: office.CoercionType.Html,
      },
    ]);
    expect(calls.setSelectedData[0]!.data).toContain('Hi &#60;there&#62;');
  });

  it('inserts text into a plain-text draft, which refuses HTML', async () => {
    const { adapter, calls, office } = setup({ bodyType: 'text' });
    await adapter.insertShare(sampleShare());
    expect(calls.setSelectedData).toEqual([
      { data: 'Hey, check out my voice message!\nhttps://vocal.example/listen/AbCdEf123456', coercionType: office.CoercionType.Text },
    ]);
  });

  it('reports a failed insert with Outlook’s reason instead of throwing', async () => {
    const { adapter } = setup({ failInsert: { code: 9041, message: 'The item is read-only.' } });
    expect(await adapter.insertShare(sampleShare())).toEqual({ inserted: false, reason: 'The item is read-only.' });
  });

  it('says so when there is no draft to insert into', async () => {
    const { adapter } = setup({ noItem: true });
    const outcome = await adapter.insertShare(sampleShare());
    expect(outcome.inserted).toBe(false);
  });

  it('attaches the MP3 as base64 under its name', async () => {
    const { adapter, calls } = setup();
    await adapter.attachAudio!({ blob: new Blob([new Uint8Array([0xff, 0xfb, 0x90])], { type: 'audio/mpeg' }), name: 'Voice memo.mp3' });
    expect(calls.attachments).toEqual([{ base64: '//uQ', name: 'Voice memo.mp3' }]);
  });

  it('has no attach capability without Mailbox 1.8, nor without a draft', () => {
    expect(hasCapability(setup({ supported: ['DialogApi 1.2'] }).adapter, 'attachAudio')).toBe(false);
    expect(hasCapability(setup({ noItem: true }).adapter, 'attachAudio')).toBe(false);
    expect(hasCapability(setup().adapter, 'attachAudio')).toBe(true);
  });

  it('rejects an attachment Outlook refused, with its message', async () => {
    const { adapter } = setup({ failAttach: { code: 9010, message: 'The attachment is too large.' } });
    await expect(adapter.attachAudio!({ blob: new Blob([new Uint8Array([1])]), name: 'Voice memo.mp3' })).rejects.toThrow('too large');
  });
});

describe('the email conversation', () => {
  it('names the thread of the email being written as the conversation', async () => {
    const { adapter } = setup({ conversationId: threadId });
    expect(await adapter.ready()).toEqual({
      email: 'ada@example.com',
      locale: 'en-GB',
      subject: 'Quarterly numbers',
      conversation: `outlook:${threadId}`,
    });
  });

  it('names none for a new message, which Outlook gives no conversation until it is saved', async () => {
    expect(await setup({ conversationId: null }).adapter.ready()).not.toHaveProperty('conversation');
    // New Outlook on the web has answered undefined instead of null.
    expect(await setup({}).adapter.ready()).not.toHaveProperty('conversation');
    expect(await setup({ conversationId: ' ' }).adapter.ready()).not.toHaveProperty('conversation');
    expect(await setup({ noItem: true }).adapter.ready()).not.toHaveProperty('conversation');
  });

  it('answers the item selected now: a pinned taskpane stays open as the person moves on', async () => {
    const { adapter, selectItem } = setup({ conversationId: threadId });
    expect((await adapter.ready()).conversation).toBe(`outlook:${threadId}`);
    selectItem({ conversationId: 'AAQkADAwATM0MDAAMS1hYjU1LTk2ZDEtMDACLTAwCgAQAOther+Thread/Id0000000=' });
    expect((await adapter.ready()).conversation).toBe('outlook:AAQkADAwATM0MDAAMS1hYjU1LTk2ZDEtMDACLTAwCgAQAOther+Thread/Id0000000=');
    selectItem({ conversationId: null });
    expect(await adapter.ready()).not.toHaveProperty('conversation');
    selectItem(null);
    expect(await adapter.ready()).not.toHaveProperty('conversation');
  });

  it('puts a reply into the email being written, at the cursor, as HTML', async () => {
    const { adapter, calls, office } = setup({ conversationId: threadId });
    expect(adapter.replyInsertLabel).toBe('Add to email');
    expect(adapter.replyInsertedHint).toBe('The reply was added to the email you are writing.');
    expect(await adapter.insertReply!(sampleReply({ from: 'Ana <Lima>' }))).toEqual({ inserted: true });
    expect(calls.setSelectedData).toEqual([
      {
        data:
          '<p>🎙️ <a href="https://vocal.example/listen/Reply0000001">Voice reply from Ana &#60;Lima&#62;</a></p>' +
          '<blockquote>Thanks, the numbers look right to me.</blockquote>',
        coercionType: office.CoercionType.Html,
      },
    ]);
  });

  it('puts a reply into a plain-text draft as text', async () => {
    const { adapter, calls, office } = setup({ bodyType: 'text' });
    await adapter.insertReply!(sampleReply());
    expect(calls.setSelectedData).toEqual([
      {
        data: 'Voice reply from Ana Lima: “Thanks, the numbers look right to me.”\nhttps://vocal.example/listen/Reply0000001',
        coercionType: office.CoercionType.Text,
      },
    ]);
  });

  it('says why a reply was not added, with Outlook’s reason, and does not throw', async () => {
    const refused = setup({ failInsert: { code: 9041, message: 'The item is read-only.' } });
    expect(await refused.adapter.insertReply!(sampleReply())).toEqual({
      inserted: false,
      reason: 'Outlook did not add the reply to the email (The item is read-only): copy its link instead.',
    });
    const nothingOpen = setup();
    nothingOpen.selectItem(null);
    expect(await nothingOpen.adapter.insertReply!(sampleReply())).toEqual({
      inserted: false,
      reason: 'There is no email being written here: copy the reply’s link instead.',
    });
  });

  it('tells the person of new replies in an informational notification on the item, one at a time', async () => {
    const { adapter, calls, office } = setup({ conversationId: threadId });
    await adapter.notify!('Vocal: 1 new reply to your voice messages here.');
    await adapter.notify!('Vocal: 2 new replies to your voice messages here.');
    const details = (message: string) => ({
      type: office.MailboxEnums.ItemNotificationMessageType.InformationalMessage,
      message,
      icon: 'icon-16',
      persistent: false,
    });
    // Replaced under one key: Outlook allows five notifications on an item, and the latest count is the news.
    expect(calls.notifications).toEqual([
      { conversationId: threadId, key: REPLIES_NOTIFICATION_KEY, details: details('Vocal: 1 new reply to your voice messages here.') },
      { conversationId: threadId, key: REPLIES_NOTIFICATION_KEY, details: details('Vocal: 2 new replies to your voice messages here.') },
    ]);
    expect(REPLIES_NOTIFICATION_KEY.length).toBeLessThanOrEqual(32);
  });

  it('keeps a notification within Outlook’s 150 characters', async () => {
    const { adapter, calls } = setup();
    await adapter.notify!(`Vocal: ${'a'.repeat(200)}`);
    expect(calls.notifications[0]!.details.message).toHaveLength(150);
    expect(calls.notifications[0]!.details.message.endsWith('…')).toBe(true);
  });

  it('rejects a notification Outlook refused, and has none to give without an item', async () => {
    const refused = setup({ failNotify: { code: 9999, message: 'Too many notifications.' } });
    await expect(refused.adapter.notify!('Vocal: 1 new reply to your voice messages here.')).rejects.toThrow('Too many notifications.');
    expect(hasCapability(setup({ noItem: true }).adapter, 'notify')).toBe(false);
    const moved = setup();
    moved.selectItem(null);
    await expect(moved.adapter.notify!('Vocal: 1 new reply to your voice messages here.')).rejects.toThrow('no email');
  });
});

describe('signing in through the Office dialog', () => {
  it('opens the page and resolves with the tokens the dialog hands back', async () => {
    const { adapter, nextDialog } = setup();
    const signedIn = adapter.signInWithDialog!(`${origin}/hosts/outlook/dialog.html?mode=sign-in`);
    const dialog = await nextDialog();
    expect(dialog.url).toBe(`${origin}/hosts/outlook/dialog.html?mode=sign-in`);
    expect(dialog.options.displayInIframe).toBe(false);
    dialog.messageParent(encodeDialogMessage({ type: 'signed-in', tokens }), origin);
    expect(await signedIn).toEqual(tokens);
    expect(dialog.closed).toBe(true);
  });

  it('resolves null when the person closes the window (12006)', async () => {
    const { adapter, nextDialog } = setup();
    const signedIn = adapter.signInWithDialog!(`${origin}/dialog.html`);
    (await nextDialog()).raiseEvent(12006);
    expect(await signedIn).toBeNull();
  });

  it('resolves null when the person chooses Cancel in the window', async () => {
    const { adapter, nextDialog } = setup();
    const signedIn = adapter.signInWithDialog!(`${origin}/dialog.html`);
    (await nextDialog()).messageParent(encodeDialogMessage({ type: 'cancelled' }));
    expect(await signedIn).toBeNull();
  });

  it('ignores malformed messages, unknown ones, and ones from another origin', async () => {
    const { adapter, nextDialog } = setup();
    const signedIn = adapter.signInWithDialog!(`${origin}/dialog.html`);
    const dialog = await nextDialog();
    dialog.messageParent('not json');
    dialog.messageParent(JSON.stringify({ type: 'signed-in', tokens: { accessToken: '' } }));
    dialog.messageParent(JSON.stringify({ type: 'sudo' }));
    dialog.messageParent(
      encodeDialogMessage({ type: 'signed-in', tokens: { accessToken: 'evil', refreshToken: 'evil' } }),
      'https://evil.example',
    );
    expect(dialog.closed).toBe(false);
    dialog.messageParent(encodeDialogMessage({ type: 'signed-in', tokens }), undefined);
    expect(await signedIn).toEqual(tokens);
  });

  it('rejects with a clear message when the window cannot open, but not when the person declined it', async () => {
    const busy = setup({ failDialogOpen: { code: 12007, message: 'Busy' } });
    await expect(busy.adapter.signInWithDialog!(`${origin}/dialog.html`)).rejects.toThrow(DialogFailedError);
    await expect(busy.adapter.signInWithDialog!(`${origin}/dialog.html`)).rejects.toThrow('already open');
    const declined = setup({ failDialogOpen: { code: 12009, message: 'Ignored' } });
    expect(await declined.adapter.signInWithDialog!(`${origin}/dialog.html`)).toBeNull();
  });

  it('rejects when the window cannot load its page (12002)', async () => {
    const { adapter, nextDialog } = setup();
    const signedIn = adapter.signInWithDialog!(`${origin}/nope.html`);
    (await nextDialog()).raiseEvent(12002);
    await expect(signedIn).rejects.toThrow('could not load');
  });
});

describe('recording in a separate window', () => {
  it('lends the session and the draft’s subject through messageChild, and resolves with the share', async () => {
    const { adapter, nextDialog } = setup();
    const recorded = adapter.recordInWindow!(`${origin}/hosts/outlook/dialog.html?mode=record`);
    const dialog = await nextDialog();
    dialog.messageParent(encodeDialogMessage({ type: 'session-request' }), origin);
    expect(dialog.childMessages.map((message) => JSON.parse(message) as unknown)).toEqual([
      { type: 'session', tokens, subject: 'Quarterly numbers' },
    ]);
    const share = sampleShare();
    dialog.messageParent(encodeDialogMessage({ type: 'shared', share }), origin);
    expect(await recorded).toEqual(share);
    expect(dialog.closed).toBe(true);
  });

  it('keeps the session the window rotated, so the taskpane never holds a spent refresh token', async () => {
    const { adapter, nextDialog, held } = setup();
    const recorded = adapter.recordInWindow!(`${origin}/dialog.html?mode=record`);
    const dialog = await nextDialog();
    const rotated = { accessToken: 'access-2', refreshToken: 'refresh-2' };
    dialog.messageParent(encodeDialogMessage({ type: 'session-updated', tokens: rotated }));
    expect(held()).toEqual(rotated);
    dialog.raiseEvent(12006);
    expect(await recorded).toBeNull();
  });

  it('does not answer where the client has no messageChild (the window signs in itself)', async () => {
    const { adapter, nextDialog } = setup({ noMessageChild: true });
    const recorded = adapter.recordInWindow!(`${origin}/dialog.html?mode=record`);
    const dialog = await nextDialog();
    dialog.messageParent(encodeDialogMessage({ type: 'session-request' }));
    expect(dialog.childMessages).toEqual([]);
    dialog.messageParent(encodeDialogMessage({ type: 'cancelled' }));
    expect(await recorded).toBeNull();
  });

  it('never accepts a share whose link is not a web address', async () => {
    const { adapter, nextDialog } = setup();
    const recorded = adapter.recordInWindow!(`${origin}/dialog.html?mode=record`);
    const dialog = await nextDialog();
    dialog.messageParent(JSON.stringify({ type: 'shared', share: sampleShare({ url: 'javascript:alert(1)' }) }));
    expect(dialog.closed).toBe(false);
    dialog.raiseEvent(12006);
    expect(await recorded).toBeNull();
  });
});
