import { describeHostAdapterContract, sampleReply, sampleShare, LIGHT_LINK_STYLE } from '@vocal/host-contract/contract';
import { hasCapability } from '@vocal/host-contract';
import { describe, expect, it, vi } from 'vitest';
import { COPIED_INSTEAD, COPY_IT_YOURSELF } from '../shared/extension-messages.ts';
import { createComposeAdapter, REPLY_COPIED_INSTEAD, replyCopyItYourself } from './compose-adapter.ts';
import { createFakeChrome } from './fake-chrome.ts';

const COMPOSE = 'abc123def456';

/** A compose frame in Gmail tab 7, its content script answering as `answer` says. */
function setup(options: { answer?: (message: { type: string; html?: string }) => unknown; clipboard?: boolean; noTab?: boolean } = {}) {
  const inserted: string[] = [];
  const copied: string[] = [];
  const fake = createFakeChrome({
    currentTab: options.noTab ? undefined : { id: 7, url: 'https://mail.google.com/mail/u/0/' },
    contentScript: (_tabId, message) => {
      const request = message as { type: string; html?: string };
      if (options.answer) return options.answer(request);
      if (request.type === 'vocal-compose-insert') {
        inserted.push(request.html!);
        return { inserted: true };
      }
      if (request.type === 'vocal-compose-context') return { subject: '  Budget & plans  ', thread: null };
      return { closed: true };
    },
  });
  const adapter = createComposeAdapter(fake.chrome, {
    composeId: COMPOSE,
    copyText: async (text) => {
      if (options.clipboard === false) return false;
      copied.push(text);
      return true;
    },
  });
  return { ...fake, adapter, inserted, copied };
}

describeHostAdapterContract('the Gmail compose adapter', () => {
  const { adapter, inserted } = setup();
  return { adapter, insertedContent: () => inserted };
});

describe('the Gmail compose adapter', () => {
  it('is chrome-voice, and titles the message with the compose window’s subject', async () => {
    const { adapter, callsTo } = setup();
    expect(adapter.platform).toBe('chrome-voice');
    expect(adapter.sendLabel).toBe('Add to email');
    expect(await adapter.ready()).toEqual({ subject: 'Budget & plans' });
    expect(callsTo('tabs.sendMessage')).toEqual([[7, { type: 'vocal-compose-context', composeId: COMPOSE }, { frameId: 0 }]]);
  });

  it('starts without a subject when the compose window has none, or answers something else', async () => {
    expect(await setup({ answer: () => ({ subject: '' }) }).adapter.ready()).toEqual({});
    expect(await setup({ answer: () => 'garbage' }).adapter.ready()).toEqual({});
    expect(await setup({ noTab: true }).adapter.ready()).toEqual({});
  });

  it('names the thread a reply is written in as the conversation, and none for a new message', async () => {
    const reply = setup({ answer: () => ({ subject: 'Re: Budget', thread: '18b7c5d2e4f60a11' }) });
    expect(await reply.adapter.ready()).toEqual({ subject: 'Re: Budget', conversation: 'gmail:18b7c5d2e4f60a11' });
    expect(await setup().adapter.ready()).toEqual({ subject: 'Budget & plans' });
    // An older content script answers without a thread; one that reads oddly is none, the subject stays.
    expect(await setup({ answer: () => ({ subject: 'Hi' }) }).adapter.ready()).toEqual({ subject: 'Hi' });
    expect(await setup({ answer: () => ({ subject: 'Hi', thread: 'gmail:../x' }) }).adapter.ready()).toEqual({ subject: 'Hi' });
    // The compose window is gone: the content script answers no subject and no thread.
    expect(await setup({ answer: () => ({ subject: '', thread: null }) }).adapter.ready()).toEqual({});
  });

  it('puts a reply into its own compose window at the cursor, in Gmail’s words', async () => {
    const { adapter, callsTo, copied } = setup();
    expect(adapter.replyInsertLabel).toBe('Add to email');
    expect(adapter.replyInsertedHint).toBe('The reply is in the email you are writing, at your cursor: nothing is sent until you send it.');
    expect(await adapter.insertReply?.(sampleReply({ from: 'Ana <Lima>' }))).toEqual({ inserted: true });
    expect(callsTo('tabs.sendMessage')).toEqual([
      [
        7,
        {
          type: 'vocal-compose-insert',
          composeId: COMPOSE,
          html:
            '<p>🎙️ <a href="https://vocal.example/listen/Reply0000001">Voice reply from Ana &#60;Lima&#62;</a></p>' +
            '<blockquote>Thanks, the numbers look right to me.</blockquote>',
        },
        { frameId: 0 },
      ],
    ]);
    expect(copied).toEqual([]);
  });

  it('copies a reply’s words and link when its compose window could not take it, and says so', async () => {
    for (const broken of [setup({ answer: () => ({ inserted: false }) }), setup({ noTab: true })]) {
      expect(await broken.adapter.insertReply?.(sampleReply())).toEqual({ inserted: false, reason: REPLY_COPIED_INSTEAD });
      expect(broken.copied).toEqual([
        'Voice reply from Ana Lima: “Thanks, the numbers look right to me.”\nhttps://vocal.example/listen/Reply0000001',
      ]);
    }
    const noClipboard = setup({ answer: () => ({ inserted: false }), clipboard: false });
    expect(await noClipboard.adapter.insertReply?.(sampleReply())).toEqual({
      inserted: false,
      reason: replyCopyItYourself('https://vocal.example/listen/Reply0000001'),
    });
  });

  it('has no notifications of its own: Gmail gives extensions none, and Chrome’s would need a new permission', () => {
    expect(hasCapability(setup().adapter, 'notify')).toBe(false);
  });

  it('sends the escaped HTML to its own compose window, in the tab’s top frame', async () => {
    const { adapter, callsTo, copied } = setup();
    const share = sampleShare({ title: 'Tom & Jerry' });
    expect(await adapter.insertShare(share)).toEqual({ inserted: true });
    expect(callsTo('tabs.sendMessage')).toEqual([
      [
        7,
        {
          type: 'vocal-compose-insert',
          composeId: COMPOSE,
          html: `<p>Hey, check out my voice message!<br>🎙️ <a href="https://vocal.example/listen/AbCdEf123456" style="${LIGHT_LINK_STYLE}">Tom &#38; Jerry</a></p>`,
        },
        { frameId: 0 },
      ],
    ]);
    expect(copied).toEqual([]);
  });

  it('fails soft: when the compose window could not take it, the link is copied and the person told so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const broken of [setup({ answer: () => ({ inserted: false }) }), setup({ answer: () => null }), setup({ noTab: true })]) {
      expect(await broken.adapter.insertShare(sampleShare())).toEqual({ inserted: false, reason: COPIED_INSTEAD });
      expect(broken.copied).toEqual(['Hey, check out my voice message!\nhttps://vocal.example/listen/AbCdEf123456']);
    }
    const noClipboard = setup({ answer: () => ({ inserted: false }), clipboard: false });
    expect(await noClipboard.adapter.insertShare(sampleShare())).toEqual({ inserted: false, reason: COPY_IT_YOURSELF });
    warn.mockRestore();
  });

  it('asks its content script to close the frame, and has no window capability (the frame is the recorder)', async () => {
    const { adapter, callsTo } = setup();
    await adapter.close();
    expect(callsTo('tabs.sendMessage')).toEqual([[7, { type: 'vocal-compose-close', composeId: COMPOSE }, { frameId: 0 }]]);
    expect(hasCapability(adapter, 'recordInWindow')).toBe(false);
    expect(hasCapability(adapter, 'signInWithDialog')).toBe(false);
  });
});
