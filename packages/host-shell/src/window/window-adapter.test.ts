import { shareHtml, type Share } from '@vocal/host-contract';
import { describeHostAdapterContract, sampleShare } from '@vocal/host-contract/contract';
import { describe, expect, it } from 'vitest';
import { createWindowAdapter } from './window-adapter.ts';
import type { WindowToOpenerMessage } from './window-messages.ts';

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
