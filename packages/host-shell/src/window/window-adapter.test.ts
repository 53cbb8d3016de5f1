import { shareHtml, type Share } from '@vocal/host-contract';
import { describeHostAdapterContract, LIGHT_LINK_STYLE, sampleShare } from '@vocal/host-contract/contract';
import { describe, expect, it } from 'vitest';
import { createWindowAdapter } from './window-adapter.ts';
import { parseWindowToOpenerMessage, type WindowToOpenerMessage } from './window-messages.ts';

describeHostAdapterContract('a record window’s adapter', () => {
  const handed: Share[] = [];
  const adapter = createWindowAdapter({
    platform: 'zendesk',
    sendLabel: 'Add to reply',
    send: (message) => {
      if (message.type === 'shared') handed.push(message.share);
    },
  });
  return { adapter, insertedContent: () => handed.map(shareHtml) };
});

describe('a record window’s adapter', () => {
  it('hands the share to the panel, and says why not when there is no panel', async () => {
    const sent: WindowToOpenerMessage[] = [];
    const adapter = createWindowAdapter({ platform: 'front-app', sendLabel: 'Add to draft', send: (message) => void sent.push(message) });
    expect(await adapter.insertShare(sampleShare())).toEqual({ inserted: true });
    expect(sent).toEqual([{ type: 'shared', share: sampleShare() }]);
    // What the panel inserts, once the message has crossed (parsed as the panel parses it).
    const crossed = parseWindowToOpenerMessage(structuredClone(sent[0]));
    expect(crossed?.type === 'shared' && shareHtml(crossed.share)).toBe(
      `<p>Hey, check out my voice message!<br>🎙️ <a href="https://vocal.example/listen/AbCdEf123456" style="${LIGHT_LINK_STYLE}">Quarterly numbers</a></p>`,
    );
    const orphan = createWindowAdapter({
      platform: 'front-app',
      sendLabel: 'Add to draft',
      send: () => {
        throw new Error('The Front panel that opened this window is gone.');
      },
    });
    expect(await orphan.insertShare(sampleShare())).toEqual({
      inserted: false,
      reason: 'The Front panel that opened this window is gone.',
    });
  });
});
