import { sampleShare } from '@vocal/host-contract/contract';
import { createFakeHostAdapter, type Share } from '@vocal/host-contract';
import { describe, expect, it, vi } from 'vitest';
import { PopupBlockedError } from '../popup/open-popup.ts';
import { createHandoffRecorder, HANDOFF_EXPIRED, handoffRecordUrl, type HandoffRecorderOptions } from './handoff-recorder.ts';
import { browserLinkOpener, withHandoffRecording, withHandoffWhenBlocked } from './with-handoff-recording.ts';

const ID = 'h'.repeat(22);
const SECRET = 's'.repeat(43);
const PAGE = 'https://vocal.example/hosts/front-app/sidebar.html';
type Claim = Awaited<ReturnType<HandoffRecorderOptions['api']['claimRecordingHandoff']>>;
const waiting: Claim = { ok: true, status: 200, data: { status: 'waiting' } } as Claim;
const ready = (share = sampleShare()): Claim => ({ ok: true, status: 200, data: { status: 'ready', share } }) as Claim;
const gone: Claim = { ok: false, status: 404, error: { msg: 'gone' } } as Claim;
const offline: Claim = { ok: false, status: 0, error: { msg: 'Failed to fetch' } } as Claim;

/** A recorder over a scripted API and hand-driven timers: `tick()` runs the pending poll. */
function setup(claims: Claim[], options: { opens?: boolean; created?: boolean } = {}) {
  const calls: string[] = [];
  const timers: (() => void)[] = [];
  const opened: string[] = [];
  const recorder = createHandoffRecorder({
    host: 'front-app',
    pageUrl: PAGE,
    api: {
      createRecordingHandoff: async (host) => {
        calls.push(`create ${host}`);
        if (options.created === false) return { ok: false, status: 429, error: { msg: 'Too many recording links' } } as never;
        return { ok: true, status: 201, data: { id: ID, secret: SECRET, expiresAt: '2030-01-01T00:00:00.000Z' } } as never;
      },
      claimRecordingHandoff: async (id, secret) => {
        calls.push(`claim ${id === ID && secret === SECRET ? 'ours' : 'wrong'}`);
        return claims.shift() ?? waiting;
      },
    },
    openLink: async (url) => {
      opened.push(url);
      return options.opens ?? true;
    },
    setTimer: (run) => timers.push(run),
    clearTimer: () => timers.splice(0),
  });
  const tick = async () => {
    timers.shift()?.();
    await vi.waitFor(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { recorder, calls, opened, tick, timers };
}

describe('recording through a handoff', () => {
  it('opens our record page with the handoff id through the host, polls with the secret, and hands back the server’s share', async () => {
    const share = sampleShare({ title: 'From the browser' });
    const { recorder, calls, opened, tick } = setup([waiting, offline, ready(share)]);
    const result = recorder.recordInWindow();
    await vi.waitFor(() => expect(recorder.waiting.get()).not.toBeNull());
    expect(opened).toEqual([handoffRecordUrl(PAGE, ID)]);
    expect(opened[0]).toBe(`https://vocal.example/record/handoff/${ID}`);
    expect(recorder.waiting.get()).toMatchObject({ url: opened[0], opened: true });
    await tick();
    await tick();
    await tick();
    expect(await result).toEqual(share);
    expect(calls).toEqual(['create front-app', 'claim ours', 'claim ours', 'claim ours']);
    expect(recorder.waiting.get()).toBeNull();
  });

  it('carries the subject being written and the conversation in the address, to title and file the message there', async () => {
    const opened: string[] = [];
    const recorder = createHandoffRecorder({
      host: 'ms-teams',
      pageUrl: PAGE,
      context: async () => ({ subject: 'Site visit & more', conversation: 'ms-teams:19:abc@thread.v2' }),
      api: {
        createRecordingHandoff: async () => ({ ok: true, status: 201, data: { id: ID, secret: SECRET, expiresAt: 'x' } }) as never,
        claimRecordingHandoff: async () => waiting,
      },
      openLink: async (url) => (opened.push(url), true),
      setTimer: () => 0,
      clearTimer: () => undefined,
    });
    void recorder.recordInWindow();
    await vi.waitFor(() =>
      expect(opened).toEqual([
        `https://vocal.example/record/handoff/${ID}?subject=Site+visit+%26+more&conversation=ms-teams%3A19%3Aabc%40thread.v2`,
      ]),
    );
    recorder.waiting.get()!.cancel();
  });

  it('says when nothing could open the tab, so the panel shows the address to open by hand', async () => {
    const { recorder, tick } = setup([ready()], { opens: false });
    const result = recorder.recordInWindow();
    await vi.waitFor(() => expect(recorder.waiting.get()?.opened).toBe(false));
    await tick();
    expect(await result).toEqual(sampleShare());
  });

  it('stops waiting on Stop waiting: null, and no more polls', async () => {
    const { recorder, calls, timers } = setup([]);
    const result = recorder.recordInWindow();
    await vi.waitFor(() => expect(recorder.waiting.get()).not.toBeNull());
    recorder.waiting.get()!.cancel();
    expect(await result).toBeNull();
    expect(timers).toEqual([]);
    expect(calls).toEqual(['create front-app']);
  });

  it('fails with a sentence when the handoff is gone, or could not be made', async () => {
    const expired = setup([waiting, gone]);
    const result = expired.recorder.recordInWindow().catch((error: unknown) => error);
    await vi.waitFor(() => expect(expired.recorder.waiting.get()).not.toBeNull());
    await expired.tick();
    await expired.tick();
    expect(await result).toEqual(new Error(HANDOFF_EXPIRED));
    expect(expired.recorder.waiting.get()).toBeNull();

    await expect(setup([], { created: false }).recorder.recordInWindow()).rejects.toThrow('Too many recording links');
  });

  it('waits for one message at a time', async () => {
    const { recorder } = setup([]);
    void recorder.recordInWindow();
    await vi.waitFor(() => expect(recorder.waiting.get()).not.toBeNull());
    await expect(recorder.recordInWindow()).rejects.toThrow('already waiting');
  });

  it('opens the tab again on request, and notices when that worked after all', async () => {
    let opens = false;
    const recorderWithOpener = createHandoffRecorder({
      host: 'zoho-mail',
      pageUrl: PAGE,
      api: {
        createRecordingHandoff: async () => ({ ok: true, status: 201, data: { id: ID, secret: SECRET, expiresAt: 'x' } }) as never,
        claimRecordingHandoff: async () => waiting,
      },
      openLink: async () => opens,
      setTimer: () => 0,
      clearTimer: () => undefined,
    });
    void recorderWithOpener.recordInWindow();
    await vi.waitFor(() => expect(recorderWithOpener.waiting.get()?.opened).toBe(false));
    opens = true;
    await recorderWithOpener.waiting.get()!.reopen();
    expect(recorderWithOpener.waiting.get()?.opened).toBe(true);
    recorderWithOpener.waiting.get()!.cancel();
  });
});

describe('the adapters around it', () => {
  const handoffRecorder = (share: ReturnType<typeof sampleShare> | null) => ({
    recordInWindow: vi.fn(async () => share),
    waiting: { get: () => null, subscribe: () => () => undefined },
  });

  it('withHandoffRecording always records through the handoff', async () => {
    const recorder = handoffRecorder(sampleShare());
    const { adapter } = createFakeHostAdapter();
    expect(await withHandoffRecording(adapter, recorder).recordInWindow!('ignored')).toEqual(sampleShare());
    expect(recorder.recordInWindow).toHaveBeenCalledTimes(1);
  });

  it('withHandoffWhenBlocked uses the popup, and the handoff only when the popup is blocked', async () => {
    const recorder = handoffRecorder(sampleShare({ title: 'handoff' }));
    const popupShare = sampleShare({ title: 'popup' });
    const { adapter } = createFakeHostAdapter();
    const withPopup = { ...adapter, recordInWindow: vi.fn(async (_url: string): Promise<Share | null> => popupShare) };
    expect(await withHandoffWhenBlocked(withPopup, recorder).recordInWindow('/record/zoho-mail')).toEqual(popupShare);
    expect(recorder.recordInWindow).not.toHaveBeenCalled();

    const blocked = {
      ...adapter,
      recordInWindow: vi.fn(async (_url: string): Promise<Share | null> => {
        throw new PopupBlockedError();
      }),
    };
    expect((await withHandoffWhenBlocked(blocked, recorder).recordInWindow('/record/zoho-mail'))?.title).toBe('handoff');

    const broken = {
      ...adapter,
      recordInWindow: vi.fn(async (_url: string): Promise<Share | null> => {
        throw new Error('A Vocal window is already open.');
      }),
    };
    await expect(withHandoffWhenBlocked(broken, recorder).recordInWindow('/record/zoho-mail')).rejects.toThrow('already open');
  });

  it('browserLinkOpener reports a blocked tab, and cuts an opened tab’s opener', async () => {
    expect(await browserLinkOpener({ open: () => null })('https://vocal.example/record/handoff/x')).toBe(false);
    const tab = { opener: 'panel', location: { href: 'about:blank' } } as unknown as Window;
    const open = vi.fn(() => tab);
    expect(await browserLinkOpener({ open } as unknown as Window)('https://vocal.example/record/handoff/x')).toBe(true);
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(tab.location.href).toBe('https://vocal.example/record/handoff/x');
  });
});
