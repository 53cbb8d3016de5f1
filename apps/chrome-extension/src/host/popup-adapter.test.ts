import { describeHostAdapterContract, sampleShare, LIGHT_LINK_STYLE } from '@vocal/host-contract/contract';
import { describe, expect, it } from 'vitest';
import { COPIED_INSTEAD, type GmailBridge } from '../shared/extension-messages.ts';
import { createFakeChrome } from './fake-chrome.ts';
import { COPY_IT, createPopupAdapter, isGmailUrl, LINK_COPIED } from './popup-adapter.ts';

const GMAIL = { id: 3, url: 'https://mail.google.com/mail/u/0/#inbox?compose=new' };

/** The popup over `activeTab`, whose content script's bridge inserts into `body` (or refuses). */
function setup(options: { activeTab?: { id?: number; url?: string }; refuse?: boolean; clipboard?: boolean; subject?: string } = {}) {
  const body: string[] = [];
  const copied: string[] = [];
  const gmailBridge: GmailBridge = {
    activeSubject: () => options.subject ?? ' Re: Budget ',
    insertIntoActiveCompose: (html) => {
      if (options.refuse) return false;
      body.push(html);
      return true;
    },
  };
  const fake = createFakeChrome({ activeTab: 'activeTab' in options ? options.activeTab : GMAIL, gmailBridge });
  const adapter = createPopupAdapter(fake.chrome, {
    copyText: async (text) => {
      if (options.clipboard === false) return false;
      copied.push(text);
      return true;
    },
  });
  return { ...fake, adapter, body, copied };
}

describeHostAdapterContract('the toolbar popup adapter over a Gmail tab', () => {
  const { adapter, body } = setup();
  return { adapter, insertedContent: () => body };
});

describe('the toolbar popup adapter', () => {
  it('is chrome-voice-popup, and takes the subject of the email being written in the Gmail tab in front', async () => {
    const { adapter, callsTo } = setup();
    expect(adapter.platform).toBe('chrome-voice-popup');
    expect(await adapter.ready()).toEqual({ subject: 'Re: Budget' });
    expect(callsTo('scripting.executeScript')).toEqual([[{ tabId: 3 }, []]]);
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
