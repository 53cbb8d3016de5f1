import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAILURE_MESSAGES } from './failure-messages.ts';
import { createIndexedDbSpool } from './indexed-db-spool.ts';
import { loadSpooledRecording } from './pending-recordings.ts';
import { recordingPlanFor } from './plan-rules.ts';
import type { ProgressiveUploader } from './progressive-upload.ts';
import { createRecorderWith, type Recorder, type RecorderDependencies, type RecorderOptions } from './recorder.ts';
import type { RecorderState } from './recorder-state.ts';
import type { RecordingSpool } from './spool.ts';
import { createFakeMedia } from './testing/fake-media.ts';
import { createStubApi, failure } from './testing/stub-api.ts';

const free = recordingPlanFor(0);
const pro = recordingPlanFor(1);

type Setup = {
  recorder: Recorder;
  media: ReturnType<typeof createFakeMedia>;
  stub: ReturnType<typeof createStubApi>;
  spool: RecordingSpool;
  states: RecorderState['status'][];
  goOnline: () => void;
  dependencies: RecorderDependencies;
};

function setup(
  options: Partial<RecorderOptions> & {
    media?: ReturnType<typeof createFakeMedia>;
    spool?: RecordingSpool;
    stub?: ReturnType<typeof createStubApi>;
  } = {},
): Setup {
  const media = options.media ?? createFakeMedia();
  const stub = options.stub ?? createStubApi();
  const spool = options.spool ?? createIndexedDbSpool({ indexedDB: new IDBFactory() });
  const onlineListeners = new Set<() => void>();
  let localIds = 0;
  const dependencies: RecorderDependencies = {
    devices: media.devices,
    startPipeline: media.startPipeline,
    spool,
    drawWaveform: async () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }),
    onOnline: (listener) => {
      onlineListeners.add(listener);
      return () => onlineListeners.delete(listener);
    },
    holdRecording: () => () => undefined,
    createLocalId: () => `local-${++localIds}`,
    now: () => Date.now(),
    random: () => 0,
    setTimer: (callback, delayMs) => setTimeout(callback, delayMs),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  };
  const recorder = createRecorderWith({ api: stub.api, plan: pro, platform: 'webapp', ...options }, dependencies);
  const states: RecorderState['status'][] = [];
  recorder.subscribe((state) => states.push(state.status));
  return {
    recorder,
    media,
    stub,
    spool,
    states,
    dependencies,
    goOnline: () => {
      for (const listener of onlineListeners) listener();
    },
  };
}

// Taken before any test fakes the clock.
const realSetImmediate = globalThis.setImmediate;
const realImmediate = () => new Promise<void>((resolve) => realSetImmediate(() => resolve()));

/**
 * Lets promises, zero-delay timers and IndexedDB run. fake-indexeddb schedules its work with
 * the real setImmediate, which the fake clock leaves alone: both are turned a few times.
 */
async function settle() {
  for (let turn = 0; turn < 25; turn++) {
    await realImmediate();
    await vi.advanceTimersByTimeAsync(0);
  }
}

/** Moves the fake clock on, letting everything due run. */
async function advance(milliseconds: number) {
  await settle();
  await vi.advanceTimersByTimeAsync(milliseconds);
  await settle();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('recorder', () => {
  it('records, stops, uploads under the id reserved when recording started, and empties the spool', async () => {
    const { recorder, media, stub, spool, states } = setup({ subject: 'Hi' });
    expect(await recorder.start()).toMatchObject({ status: 'recording' });
    media.speak(1.5);
    await advance(1_000);
    // Spooled while recording, under the id reserved in the background.
    expect(await spool.get('local-1')).toMatchObject({ status: 'recording', recordingId: 'reserved-1', sampleCount: 72_000 });
    media.speak(1.5);
    expect(recorder.getState()).toMatchObject({ status: 'recording', elapsedSeconds: 3 });

    const stopping = recorder.stop();
    await settle();
    const stopped = await stopping;
    expect(stopped).toMatchObject({ status: 'stopped', endedBy: 'user', recording: { durationSeconds: 3 } });
    expect(media.calls).toContain('close');
    expect(await spool.get('local-1')).toMatchObject({ status: 'stopped', sampleCount: 144_000 });
    if (stopped.status !== 'stopped') throw new Error('not stopped');
    expect(stopped.recording.peaks).toHaveLength(100);
    expect(stopped.recording.audio.size).toBe(6 * 4000 + 3);

    const shared = await recorder.upload();
    expect(shared).toMatchObject({ status: 'shared', share: { id: 'reserved-1', url: 'http://localhost/listen/reserved-1' } });
    expect(stub.uploads).toEqual([expect.objectContaining({ id: 'reserved-1', platform: 'webapp', duration: 3, subject: 'Hi' })]);
    expect(stub.reservedIds).toEqual(['reserved-1']);
    expect(await spool.list()).toEqual([]);
    const changes = states.filter((status, index) => status !== states[index - 1]);
    expect(changes).toEqual(['asking-permission', 'recording', 'stopped', 'uploading', 'shared']);
  });

  it('sends the last spooled bytes of a streamed recording at Stop, before the upload starts, so upload-vocal finds them there', async () => {
    const stub = createStubApi();
    const events: string[] = [];
    let received = 0;
    let arrive: (outcome: 'arrived') => void = () => undefined;
    const arrived = new Promise<'arrived'>((resolve) => (arrive = resolve));
    const progressive: ProgressiveUploader = {
      stream: () => ({
        push: (bytes) => {
          received += bytes.byteLength;
        },
        // Like tus's stream: ending it again answers the same outcome.
        end: () => {
          events.push(`end after ${received} bytes`);
          return arrived;
        },
        abort: () => events.push('abort'),
        settled: false,
      }),
      resume: async () => 'arrived',
    };
    const target = { endpoint: 'http://localhost/api/uploads', headers: async () => ({}), refresh: async () => true };
    const { recorder, media, dependencies } = setup({ stub, api: { ...stub.api, progressiveUploads: () => target } });
    dependencies.progressive = progressive;
    await recorder.start();
    media.speak(1.5);
    await advance(1_000);
    media.speak(1.5);
    const stopped = await (async () => {
      const stopping = recorder.stop();
      await settle();
      return stopping;
    })();
    if (stopped.status !== 'stopped') throw new Error('not stopped');
    // Ended at Stop, with every byte of the recording pushed: no upload was asked for yet.
    expect(events).toEqual([`end after ${stopped.recording.audio.size} bytes`]);
    events.length = 0;
    expect(stub.uploads).toEqual([]);
    arrive('arrived');
    expect(await recorder.upload()).toMatchObject({ status: 'shared' });
    // The context alone: the recording had arrived through the stream, and nothing more was pushed.
    expect(stub.parts).toEqual([{ recording: false, image: false }]);
    expect(events.filter((event) => event !== `end after ${stopped.recording.audio.size} bytes`)).toEqual([]);
  });

  it('ends a refused permission in failed permission-denied, with nothing spooled', async () => {
    const media = createFakeMedia({ getUserMediaError: new DOMException('denied', 'NotAllowedError') });
    const { recorder, spool } = setup({ media });
    expect(await recorder.start()).toMatchObject({
      status: 'failed',
      reason: 'permission-denied',
      message: FAILURE_MESSAGES['permission-denied'],
      recording: null,
    });
    expect(await spool.list()).toEqual([]);
  });

  it('ends in failed no-device when there is no microphone, without asking', async () => {
    const media = createFakeMedia({ inputs: 0 });
    const { recorder } = setup({ media });
    expect(await recorder.start()).toMatchObject({ status: 'failed', reason: 'no-device' });
    expect(media.calls).not.toContain('getUserMedia');
  });

  it('keeps the recording when the device is lost, and uploads it', async () => {
    const { recorder, media, stub } = setup();
    await recorder.start();
    media.speak(2);
    media.loseDevice();
    expect(media.calls).toContain('stop');
    await settle();
    expect(recorder.getState()).toMatchObject({
      status: 'failed',
      reason: 'device-lost',
      message: FAILURE_MESSAGES['device-lost'],
      recording: { durationSeconds: 2 },
    });
    expect(await recorder.upload()).toMatchObject({ status: 'shared' });
    expect(stub.uploads).toHaveLength(1);
  });

  it('stops a Free recording at the limit, keeps it all, and refuses pause', async () => {
    const { recorder, media } = setup({ plan: free });
    await recorder.start();
    expect(media.options()).toEqual({ maxSeconds: 60, bitrate: 64 });
    expect(recorder.pause()).toBe(false);
    expect(media.calls).not.toContain('pause');
    media.speak(30);
    expect(recorder.getState()).toMatchObject({ elapsedSeconds: 30, remainingSeconds: 30 });
    media.speak(30);
    media.reachLimit();
    await settle();
    expect(recorder.getState()).toMatchObject({ status: 'stopped', endedBy: 'limit', recording: { durationSeconds: 60 } });
  });

  it('pauses and resumes on Pro', async () => {
    const { recorder, media } = setup();
    await recorder.start();
    media.speak(1);
    expect(recorder.pause()).toBe(true);
    expect(recorder.getState()).toMatchObject({ status: 'paused', elapsedSeconds: 1 });
    expect(recorder.resume()).toBe(true);
    expect(media.calls.filter((call) => call === 'pause' || call === 'resume')).toEqual(['pause', 'resume']);
    expect(recorder.getState()).toMatchObject({ status: 'recording' });
  });

  it('reports the input level from 0 to 1', async () => {
    const { recorder, media } = setup();
    const levels: number[] = [];
    recorder.onLevel((level) => levels.push(level));
    await recorder.start();
    media.speak(0.5, 1);
    media.speak(0.5, 0);
    expect(levels).toEqual([1, 0]);
  });

  it('retries an unreachable server with backoff, under the same id, until it answers', async () => {
    const { recorder, media, stub } = setup();
    stub.uploadAnswers.push(failure(0), failure(503), failure(0));
    await recorder.start();
    media.speak(2);
    const stopping = recorder.stop();
    await settle();
    await stopping;

    expect(await recorder.upload()).toMatchObject({ status: 'failed', reason: 'offline', retryAt: Date.now() + 2_000 });
    await advance(1_999);
    expect(stub.uploads).toHaveLength(1);
    await advance(1);
    expect(recorder.getState()).toMatchObject({ status: 'failed', reason: 'server-error', retryAt: Date.now() + 4_000 });
    await advance(4_000);
    expect(recorder.getState()).toMatchObject({ status: 'failed', reason: 'offline', retryAt: Date.now() + 8_000 });
    await advance(8_000);
    expect(recorder.getState()).toMatchObject({ status: 'shared', share: { id: 'reserved-1' } });
    expect(stub.uploads.map((upload) => upload.id)).toEqual(['reserved-1', 'reserved-1', 'reserved-1', 'reserved-1']);
    expect(stub.reservedIds).toEqual(['reserved-1']);
  });

  it('retries at once when the browser comes back online', async () => {
    const { recorder, media, stub, goOnline } = setup();
    stub.uploadAnswers.push(failure(0));
    await recorder.start();
    media.speak(1);
    const stopping = recorder.stop();
    await settle();
    await stopping;
    await recorder.upload();
    expect(recorder.getState()).toMatchObject({ status: 'failed', reason: 'offline' });
    goOnline();
    await settle();
    expect(recorder.getState()).toMatchObject({ status: 'shared' });
    // The pending backoff timer was replaced, not left to upload a second time.
    await advance(60_000);
    expect(stub.uploads).toHaveLength(2);
  });

  it('does not retry a refusal: it fails with the server message and keeps the recording', async () => {
    const { recorder, media, stub, spool } = setup();
    stub.uploadAnswers.push(failure(413, 'The recording is larger than 100 MB.'));
    await recorder.start();
    media.speak(1);
    const stopping = recorder.stop();
    await settle();
    await stopping;
    expect(await recorder.upload()).toMatchObject({
      status: 'failed',
      reason: 'upload-refused',
      message: 'The recording is larger than 100 MB.',
      retryAt: null,
    });
    await advance(10 * 60_000);
    expect(stub.uploads).toHaveLength(1);
    expect(await spool.get('local-1')).toMatchObject({ lastError: 'The recording is larger than 100 MB.' });
  });

  it('reserves at upload time when the background reservation failed', async () => {
    const stub = createStubApi();
    stub.reserveAnswers.push(failure(0));
    const { recorder, media } = setup({ stub });
    await recorder.start();
    media.speak(1);
    const stopping = recorder.stop();
    await settle();
    await stopping;
    expect(await recorder.upload()).toMatchObject({ status: 'shared', share: { id: 'reserved-1' } });
    expect(stub.reservedIds).toEqual(['reserved-1']);
  });

  it('survives a closed tab: a recorder restored from the spool uploads under the same id', async () => {
    const spool = createIndexedDbSpool({ indexedDB: new IDBFactory() });
    const first = setup({ spool });
    first.stub.uploadAnswers.push(failure(0));
    await first.recorder.start();
    first.media.speak(2);
    const stopping = first.recorder.stop();
    await settle();
    await stopping;
    await first.recorder.upload();
    first.recorder.destroy();
    await advance(60_000);
    expect(first.stub.uploads).toHaveLength(1);

    const restored = await loadSpooledRecording(spool, 'local-1');
    expect(restored).toMatchObject({ recordingId: 'reserved-1', recording: { durationSeconds: 2 } });
    const second = createRecorderWith({ api: first.stub.api, plan: pro }, first.dependencies, restored!);
    expect(second.getState()).toMatchObject({ status: 'stopped', endedBy: 'restored' });
    expect(await second.upload()).toMatchObject({ status: 'shared', share: { id: 'reserved-1' } });
    expect(first.stub.messages()).toHaveLength(1);
    expect(await spool.list()).toEqual([]);
  });

  it('names the host conversation with every reservation, also one made after a reload', async () => {
    const spool = createIndexedDbSpool({ indexedDB: new IDBFactory() });
    const stub = createStubApi();
    // The background reservation fails, and the restored recorder must reserve with the same key.
    stub.reserveAnswers.push(failure(0));
    const first = setup({ spool, stub, platform: 'zendesk', conversation: 'zendesk:acme/4521' });
    await first.recorder.start();
    first.media.speak(1);
    const stopping = first.recorder.stop();
    await settle();
    await stopping;
    first.recorder.destroy();
    expect(await spool.get('local-1')).toMatchObject({ conversation: 'zendesk:acme/4521' });

    const restored = await loadSpooledRecording(spool, 'local-1');
    expect(restored).toMatchObject({ platform: 'zendesk', conversation: 'zendesk:acme/4521', recordingId: null });
    const second = createRecorderWith({ api: stub.api, plan: pro }, first.dependencies, restored!);
    expect(await second.upload()).toMatchObject({ status: 'shared', share: { id: 'reserved-1' } });
    expect(stub.reservations).toEqual([
      { platform: 'zendesk', conversation: 'zendesk:acme/4521' },
      { platform: 'zendesk', conversation: 'zendesk:acme/4521' },
    ]);
  });

  it('keeps an interrupted recording: what was spooled before the crash can be restored', async () => {
    const { recorder, media, spool } = setup();
    await recorder.start();
    media.speak(2.5);
    await advance(1_000);
    // The tab dies: no stop, no destroy.
    const restored = await loadSpooledRecording(spool, 'local-1');
    expect(restored?.recording.durationSeconds).toBe(2.5);
    expect(restored?.recording.audio.size).toBe(5 * 4000);
  });

  it('sends what the encoder gives after Stop with its final flush, in one piece with the end', async () => {
    const pushes: number[] = [];
    const events: string[] = [];
    const progressive: ProgressiveUploader = {
      stream: () => ({
        push: (bytes) => {
          pushes.push(bytes.byteLength);
        },
        end: () => {
          events.push(`end after ${pushes.length} pushes`);
          return Promise.resolve('arrived' as const);
        },
        abort: () => events.push('abort'),
        settled: false,
      }),
      resume: async () => 'arrived',
    };
    const stub = createStubApi();
    const target = { endpoint: 'http://localhost/api/uploads', headers: async () => ({}), refresh: async () => true };
    const { recorder, media, dependencies, spool } = setup({ stub, api: { ...stub.api, progressiveUploads: () => target } });
    dependencies.progressive = progressive;
    await recorder.start();
    media.speak(1);
    await settle();
    const beforeStop = pushes.length;
    expect(beforeStop).toBeGreaterThan(0);
    const stopping = recorder.stop();
    // The samples still in the capture arrive as a chunk before the encoder's final flush.
    media.speak(0.5);
    await settle();
    const stopped = await stopping;
    if (stopped.status !== 'stopped') throw new Error('not stopped');
    // One push after Stop: that chunk and the flush together, then the end.
    expect(pushes.slice(beforeStop)).toEqual([4000 + 3]);
    expect(events).toEqual([`end after ${beforeStop + 1} pushes`]);
    // And all of it is in the spool, as before.
    expect((await loadSpooledRecording(spool, 'local-1'))?.recording.audio.size).toBe(stopped.recording.audio.size);
  });

  it('spools each quarter second as it is encoded, without waiting for the timer', async () => {
    const { recorder, media, spool } = setup();
    await recorder.start();
    media.speak(0.5);
    // No clock moves: the chunk itself triggers the write, so a crash now keeps it.
    await settle();
    expect(await spool.get('local-1')).toMatchObject({ status: 'recording', sampleCount: 24_000 });
    media.speak(2);
    await settle();
    expect((await loadSpooledRecording(spool, 'local-1'))?.recording.durationSeconds).toBe(2.5);
  });

  it('discards: spool emptied, reservation released, back to idle', async () => {
    const { recorder, media, stub, spool } = setup();
    await recorder.start();
    media.speak(1);
    await settle();
    await recorder.discard();
    expect(recorder.getState()).toEqual({ status: 'idle' });
    expect(media.calls).toContain('close');
    expect(stub.deleted).toEqual(['reserved-1']);
    expect(await spool.list()).toEqual([]);
  });

  it('discards an uploaded take: the server copy is deleted (the review step uploads at Stop)', async () => {
    const { recorder, media, stub } = setup();
    await recorder.start();
    media.speak(1);
    const stopping = recorder.stop();
    await settle();
    await stopping;
    expect(await recorder.upload()).toMatchObject({ status: 'shared', share: { id: 'reserved-1' } });
    await recorder.discard();
    expect(recorder.getState()).toEqual({ status: 'idle' });
    expect(stub.deleted).toEqual(['reserved-1']);
  });

  it('discards during an upload: waits for it to land, then deletes it, so no message is left behind', async () => {
    const stub = createStubApi();
    let land: () => void = () => undefined;
    stub.uploadAnswers.push(
      () =>
        new Promise((resolve) => {
          land = () => resolve({ ok: true, status: 200, data: { id: 'reserved-1', url: 'http://localhost/listen/reserved-1' } });
        }),
    );
    const { recorder, media } = setup({ stub });
    await recorder.start();
    media.speak(1);
    const stopping = recorder.stop();
    await settle();
    await stopping;
    void recorder.upload();
    await settle();
    expect(recorder.getState().status).toBe('uploading');
    const discarding = recorder.discard();
    await settle();
    // Deleting now could race the upload: nothing is deleted until it has landed.
    expect(stub.deleted).toEqual([]);
    land();
    await settle();
    await discarding;
    expect(stub.deleted).toEqual(['reserved-1']);
    expect(recorder.getState()).toEqual({ status: 'idle' });
  });

  it('keeps what was encoded when the encoder breaks', async () => {
    const { recorder, media } = setup();
    await recorder.start();
    media.speak(1);
    media.breakEncoder();
    await settle();
    expect(recorder.getState()).toMatchObject({ status: 'failed', reason: 'encoder-failed', recording: { durationSeconds: 1 } });
  });

  it('turns a stop before anything was said into empty-recording and forgets it', async () => {
    const { recorder, spool } = setup();
    await recorder.start();
    const stopping = recorder.stop();
    await settle();
    expect(await stopping).toMatchObject({ status: 'failed', reason: 'empty-recording' });
    expect(await spool.list()).toEqual([]);
  });
});
