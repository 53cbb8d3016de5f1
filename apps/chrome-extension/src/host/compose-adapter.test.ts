import { describeHostAdapterContract, sampleShare, LIGHT_LINK_STYLE } from '@vocal/host-contract/contract';
import { hasCapability } from '@vocal/host-contract';
import { describe, expect, it, vi } from 'vitest';
import { COPIED_INSTEAD, COPY_IT_YOURSELF } from '../shared/extension-messages.ts';
import { createComposeAdapter } from './compose-adapter.ts';
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
      if (request.type === 'vocal-compose-context') return { subject: '  Budget & plans  ' };
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
