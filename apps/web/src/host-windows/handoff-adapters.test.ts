import { describe, expect, it } from 'vitest';
import type { ApiResult } from '@vocal/api-client';
import { shareHtml, type Share } from '@vocal/host-contract';
import { describeHostAdapterContract, sampleShare } from '@vocal/host-contract/contract';
import {
  createGmailHandoffAdapter,
  createGoogleDocsHandoffAdapter,
  createPanelHandoffAdapter,
  sidebarMessageSchema,
  type HandoffCalls,
} from './handoff-adapters.ts';

type Shared = { handoffId: string; recordingId: string };

/** The API's share call, answering `status` (200 delivers) and recording what was asked. */
function fakeApi(status = 200, msg = 'No') {
  const shared: Shared[] = [];
  const api: HandoffCalls = {
    shareToRecordingHandoff: async (handoffId, recordingId) => {
      shared.push({ handoffId, recordingId });
      const result = status === 200 ? { ok: true, status: 200, data: { status: 'delivered' } } : { ok: false, status, error: { msg } };
      return result as ApiResult<{ status: 'delivered' }>;
    },
  };
  return { api, shared };
}

/** What the add-on would insert: the share that reached each code, as the server keeps it. */
const insertedThrough = (shared: Shared[], shares: Map<string, Share>) => () =>
  shared.map(({ recordingId }) => shareHtml(shares.get(recordingId)!));

function contractHarness(make: (api: HandoffCalls) => ReturnType<typeof createGmailHandoffAdapter>) {
  const { api, shared } = fakeApi();
  const shares = new Map<string, Share>();
  const adapter = make(api);
  const insertShare = adapter.insertShare.bind(adapter);
  adapter.insertShare = (share) => {
    shares.set(share.id, share);
    return insertShare(share);
  };
  return { adapter, insertedContent: insertedThrough(shared, shares) };
}

describeHostAdapterContract('the Gmail handoff adapter', () => contractHarness((api) => createGmailHandoffAdapter(api, 'h'.repeat(22))));
describeHostAdapterContract('the Google Docs handoff adapter', () =>
  contractHarness((api) => createGoogleDocsHandoffAdapter(api, { current: () => 'd'.repeat(22), tellSidebar: () => {} })),
);

const front = { platform: 'front-app' as const, name: 'Front', sendLabel: 'Send to Front' };
describeHostAdapterContract('the panel handoff adapter', () =>
  contractHarness((api) => createPanelHandoffAdapter(api, 'p'.repeat(22), front)),
);

describe('handing a message to a host panel', () => {
  it('shares through the panel’s code, titled by the subject its address carried, and says where the link went', async () => {
    const { api, shared } = fakeApi();
    const adapter = createPanelHandoffAdapter(api, 'p'.repeat(22), front, '  Site visit  ');
    expect(await adapter.ready()).toEqual({ subject: 'Site visit' });
    expect(adapter.sendLabel).toBe('Send to Front');
    expect(adapter.insertedHint).toContain('on its way to Front');
    expect(await adapter.insertShare(sampleShare())).toEqual({ inserted: true });
    expect(shared).toEqual([{ handoffId: 'p'.repeat(22), recordingId: 'AbCdEf123456' }]);
    expect(await createPanelHandoffAdapter(api, 'p'.repeat(22), front).ready()).toEqual({});
    // Filed in the panel's conversation, as its address named it; an address naming none that is valid files it nowhere.
    expect(await createPanelHandoffAdapter(api, 'p'.repeat(22), front, undefined, 'front:cnv_a1').ready()).toEqual({
      conversation: 'front:cnv_a1',
    });
    expect(await createPanelHandoffAdapter(api, 'p'.repeat(22), front, 'Hi', 'no key\u0000').ready()).toEqual({ subject: 'Hi' });
    expect(await createPanelHandoffAdapter(fakeApi(404).api, 'x'.repeat(22), front).insertShare(sampleShare())).toEqual({
      inserted: false,
      reason: 'This recording link has expired (they last 30 minutes). Copy this link into Front instead.',
    });
  });
});

describe('handing a message to the add-on', () => {
  it('shares the recording through the page’s code', async () => {
    const { api, shared } = fakeApi();
    const outcome = await createGmailHandoffAdapter(api, 'h'.repeat(22)).insertShare(sampleShare());
    expect(outcome).toEqual({ inserted: true });
    expect(shared).toEqual([{ handoffId: 'h'.repeat(22), recordingId: 'AbCdEf123456' }]);
  });

  it('leaves the link to copy when the code expired or was used', async () => {
    expect(await createGmailHandoffAdapter(fakeApi(404).api, 'x'.repeat(22)).insertShare(sampleShare())).toEqual({
      inserted: false,
      reason: 'This recording link has expired (they last 30 minutes). Copy this link into your email instead.',
    });
    expect(await createGmailHandoffAdapter(fakeApi(409).api, 'x'.repeat(22)).insertShare(sampleShare())).toEqual({
      inserted: false,
      reason: 'A voice message was already sent through this link. Copy this link into your email instead.',
    });
    expect(await createGmailHandoffAdapter(fakeApi(503, 'Busy.').api, 'x'.repeat(22)).insertShare(sampleShare())).toEqual({
      inserted: false,
      reason: 'Busy. Copy this link into your email instead.',
    });
  });

  it('tells the Docs sidebar which code to claim, and uses the code the sidebar gave last', async () => {
    const { api, shared } = fakeApi();
    const told: unknown[] = [];
    let current = 'a'.repeat(22);
    const adapter = createGoogleDocsHandoffAdapter(api, { current: () => current, tellSidebar: (notice) => told.push(notice) });
    await adapter.insertShare(sampleShare());
    current = 'b'.repeat(22);
    await adapter.insertShare(sampleShare({ id: 'second00001' }));
    expect(shared.map((one) => one.handoffId)).toEqual(['a'.repeat(22), 'b'.repeat(22)]);
    expect(told).toEqual([
      { type: 'vocal:handoff-shared', id: 'a'.repeat(22) },
      { type: 'vocal:handoff-shared', id: 'b'.repeat(22) },
    ]);
    const failing = createGoogleDocsHandoffAdapter(fakeApi(404).api, {
      current: () => current,
      tellSidebar: (notice) => told.push(notice),
    });
    await failing.insertShare(sampleShare());
    expect(told).toHaveLength(2);
  });

  it('reads only well-formed codes from the sidebar', () => {
    expect(sidebarMessageSchema.safeParse({ type: 'vocal:handoff', id: 'c'.repeat(22) }).success).toBe(true);
    expect(sidebarMessageSchema.safeParse({ type: 'vocal:handoff', id: '../x' }).success).toBe(false);
    expect(sidebarMessageSchema.safeParse({ type: 'other', id: 'c'.repeat(22) }).success).toBe(false);
    expect(sidebarMessageSchema.safeParse('vocal:handoff').success).toBe(false);
  });
});
