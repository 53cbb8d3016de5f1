import { describeHostAdapterContract, sampleReply, sampleShare, LIGHT_LINK_STYLE } from '@vocal/host-contract/contract';
import { hasCapability } from '@vocal/host-contract';
import { describe, expect, it } from 'vitest';
import { COPIED_INSTEAD, type GmailBridge } from '../shared/extension-messages.ts';
import { REPLY_COPIED_INSTEAD, replyCopyItYourself } from './compose-adapter.ts';
import { createFakeChrome } from './fake-chrome.ts';
import { COPY_IT, createPopupAdapter, isGmailUrl, LINK_COPIED } from './popup-adapter.ts';

const GMAIL = { id: 3, url: 'https://mail.google.com/mail/u/0/#inbox?compose=new' };

const THREAD = '18b7c5d2e4f60a11';

type SetupOptions = {
  activeTab?: { id?: number; url?: string };
  refuse?: boolean;
  clipboard?: boolean;
  subject?: string;
  thread?: string | null;
};

/**
 * The popup over `activeTab`, whose content script's bridge inserts into `body` (or refuses), as
 * the compose window the person last worked in: a reply in `thread` (THREAD by default; null for
 * a new message). `place.thread` changes as the person moves to another email.
 */
function setup(options: SetupOptions = {}) {
  const body: string[] = [];
  const copied: string[] = [];
  const place = { thread: options.thread === undefined ? THREAD : options.thread };
  const insert = (html: string) => {
    if (options.refuse) return false;
    body.push(html);
    return true;
  };
  const gmailBridge: GmailBridge = {
    activeContext: () => ({ subject: options.subject ?? ' Re: Budget ', thread: place.thread }),
    insertIntoActiveCompose: insert,
    insertIntoActiveReply: (html, thread) => thread === place.thread && insert(html),
  };
  // Kept to change as the browser would: the tab in front, the content script's bridge.
  const fakeOptions = { activeTab: 'activeTab' in options ? options.activeTab : GMAIL, gmailBridge };
  const fake = createFakeChrome(fakeOptions);
  const adapter = createPopupAdapter(fake.chrome, {
    copyText: async (text) => {
      if (options.clipboard === false) return false;
      copied.push(text);
      return true;
    },
  });
  return { ...fake, adapter, body, copied, place, fakeOptions };
}

describeHostAdapterContract('the toolbar popup adapter over a Gmail tab', () => {
  const { adapter, body } = setup();
  return { adapter, insertedContent: () => body };
});

describe('the toolbar popup adapter', () => {
  it('is chrome-voice-popup, and takes the subject and thread of the email being written in the Gmail tab in front', async () => {
    const { adapter, callsTo } = setup();
    expect(adapter.platform).toBe('chrome-voice-popup');
    expect(await adapter.ready()).toEqual({ subject: 'Re: Budget', conversation: `gmail:${THREAD}` });
    expect(callsTo('scripting.executeScript')).toEqual([[{ tabId: 3 }, []]]);
    // A new message is in no thread; a content script of an older build answers nothing usable.
    expect(await setup({ thread: null }).adapter.ready()).toEqual({ subject: 'Re: Budget' });
    const older = setup();
    (older.fakeOptions.gmailBridge as Partial<GmailBridge>).activeContext = undefined;
    expect(await older.adapter.ready()).toEqual({});
  });

  it('puts a reply into the email in front while it is a reply in that reply’s thread', async () => {
    const { adapter, body, callsTo, copied } = setup();
    expect(adapter.replyInsertLabel).toBe('Add to email');
    await adapter.ready();
    expect(await adapter.insertReply?.(sampleReply())).toEqual({ inserted: true });
    expect(callsTo('scripting.executeScript').at(-1)).toEqual([
      { tabId: 3 },
      [
        '<p>🎙️ <a href="https://vocal.example/listen/Reply0000001">Voice reply from Ana Lima</a></p><blockquote>Thanks, the numbers look right to me.</blockquote>',
        THREAD,
      ],
    ]);
    expect(body).toHaveLength(1);
    expect(copied).toEqual([]);
    expect(hasCapability(adapter, 'notify')).toBe(false);
  });

  it('copies a reply instead once the person moved to another email, or where Gmail is not in front', async () => {
    const moved = setup();
    await moved.adapter.ready();
    moved.place.thread = '18a0000000000001';
    expect(await moved.adapter.insertReply?.(sampleReply())).toEqual({ inserted: false, reason: REPLY_COPIED_INSTEAD });
    expect(moved.body).toEqual([]);
    expect(moved.copied).toEqual([
      'Voice reply from Ana Lima: “Thanks, the numbers look right to me.”\nhttps://vocal.example/listen/Reply0000001',
    ]);

    // A reply listed for another thread than the email in front is copied too, whatever ready() named last.
    const other = setup();
    await other.adapter.ready();
    expect(await other.adapter.insertReply?.(sampleReply({ conversation: 'gmail:18a0000000000001' }))).toEqual({
      inserted: false,
      reason: REPLY_COPIED_INSTEAD,
    });
    expect(other.body).toEqual([]);
    expect(await other.adapter.insertReply?.(sampleReply({ conversation: `gmail:${THREAD}` }))).toEqual({ inserted: true });

    const elsewhere = setup({ clipboard: false });
    await elsewhere.adapter.ready();
    elsewhere.fakeOptions.activeTab = { id: 4, url: 'https://example.com/' };
    expect(await elsewhere.adapter.insertReply?.(sampleReply())).toEqual({
      inserted: false,
      reason: replyCopyItYourself('https://vocal.example/listen/Reply0000001'),
    });
  });

  it('inserts into the Gmail tab in front through chrome.scripting', async () => {
    const { adapter, callsTo, body, copied } = setup();
    const share = sampleShare();
    expect(await adapter.insertShare(share)).toEqual({ inserted: true });
    expect(callsTo('scripting.executeScript')).toEqual([
      [
        { tabId: 3 },
        [
          `<p>Hey, check out my voice message!<br>🎙️ <a href="https://vocal.example/listen/AbCdEf123456" style="${LIGHT_LINK_STYLE}">Quarterly numbers</a></p>`,
        ],
      ],
    ]);
    expect(body).toEqual([
      `<p>Hey, check out my voice message!<br>🎙️ <a href="https://vocal.example/listen/AbCdEf123456" style="${LIGHT_LINK_STYLE}">Quarterly numbers</a></p>`,
    ]);
    expect(copied).toEqual([]);
  });

  it('copies the link where the tab in front is not Gmail, and injects nothing there', async () => {
    for (const activeTab of [{ id: 4, url: 'https://example.com/' }, { id: 5 }, undefined]) {
      const { adapter, callsTo, copied } = setup({ activeTab });
      expect(await adapter.ready()).toEqual({});
      expect(await adapter.insertShare(sampleShare({ message: null }))).toEqual({ inserted: false, reason: LINK_COPIED });
      expect(copied).toEqual(['https://vocal.example/listen/AbCdEf123456']);
      expect(callsTo('scripting.executeScript')).toEqual([]);
    }
    expect(await setup({ activeTab: { id: 4, url: 'https://example.com/' }, clipboard: false }).adapter.insertShare(sampleShare())).toEqual(
      {
        inserted: false,
        reason: COPY_IT,
      },
    );
  });

  it('fails soft in Gmail without a compose window: copied, and the person told the link did not go in', async () => {
    const { adapter, copied } = setup({ refuse: true });
    expect(await adapter.insertShare(sampleShare())).toEqual({ inserted: false, reason: COPIED_INSTEAD });
    expect(copied).toHaveLength(1);
  });

  it('knows Gmail by its https origin only', () => {
    expect(isGmailUrl('https://mail.google.com/mail/u/1/#inbox')).toBe(true);
    for (const url of [
      'http://mail.google.com/',
      'https://mail.google.com.evil.example/',
      'https://evil.example/?mail.google.com',
      'not a url',
      undefined,
    ]) {
      expect(isGmailUrl(url), String(url)).toBe(false);
    }
  });
});
