import { describe, expect, it } from 'vitest';
import { FAILURE_MESSAGES } from './failure-messages.ts';
import { createStubApi, failure } from './testing/stub-api.ts';
import { isRetryable, retryDelay, uploadRecording, type AudioSent, type UploadInput } from './upload-recording.ts';

/** A progressive upload that was not live: it resumed, with this outcome. */
const resumed = (sent: AudioSent) => ({ finishing: false, sent: Promise.resolve(sent) });

function input(stub: ReturnType<typeof createStubApi>, fields: Partial<UploadInput> = {}): UploadInput & { reserved: string[] } {
  const reserved: string[] = [];
  return {
    api: stub.api,
    platform: 'outlook',
    subject: 'Hello',
    recordingId: null,
    audio: new Blob([new Uint8Array([1])]),
    drawImage: async () => new Blob([new Uint8Array([2])]),
    durationSeconds: 3.0004,
    peaks: [0, 1],
    onReserved: (id) => {
      reserved.push(id);
    },
    ...fields,
    reserved,
  };
}

describe('uploadRecording', () => {
  it('reserves an id with the platform when there is none, and uploads the context', async () => {
    const stub = createStubApi();
    const request = input(stub);
    expect(await uploadRecording(request)).toEqual({
      kind: 'shared',
      share: { id: 'reserved-1', url: 'http://localhost/listen/reserved-1' },
    });
    expect(request.reserved).toEqual(['reserved-1']);
    expect(stub.uploads).toEqual([{ id: 'reserved-1', platform: 'outlook', duration: 3, peaks: [0, 1], subject: 'Hello' }]);
  });

  it('sends the context alone when the audio arrived while it was recorded, and the server draws the picture', async () => {
    const stub = createStubApi();
    const sentFor: string[] = [];
    let drawn = 0;
    const request = input(stub, {
      recordingId: 'streamed',
      pictureFromPeaks: true,
      drawImage: async () => {
        drawn++;
        return new Blob([new Uint8Array([2])]);
      },
      sendAudio: (id) => {
        sentFor.push(id);
        return resumed('arrived');
      },
    });
    expect(await uploadRecording(request)).toMatchObject({ kind: 'shared', share: { id: 'streamed' } });
    expect(sentFor).toEqual(['streamed']);
    expect(stub.parts).toEqual([{ recording: false, image: false }]);
    expect(drawn).toBe(0);
  });

  it('sends the whole file, once, when the server no longer has what arrived (400), or refused it while it streamed', async () => {
    const stub = createStubApi();
    stub.uploadAnswers.push(failure(400, 'recording: a file is required'));
    const arrived = input(stub, { recordingId: 'swept-away', pictureFromPeaks: true, sendAudio: () => resumed('arrived') });
    expect(await uploadRecording(arrived)).toMatchObject({ kind: 'shared', share: { id: 'swept-away' } });
    expect(stub.parts).toEqual([
      { recording: false, image: false },
      { recording: true, image: true },
    ]);
    const refused = input(stub, { recordingId: 'junk-bytes', pictureFromPeaks: true, sendAudio: () => resumed('refused') });
    expect(await uploadRecording(refused)).toMatchObject({ kind: 'shared', share: { id: 'junk-bytes' } });
    expect(stub.parts.at(-1)).toEqual({ recording: true, image: true });
  });

  it('waits for the network without calling upload-vocal when the audio could not get through', async () => {
    const stub = createStubApi();
    const request = input(stub, { recordingId: 'offline', sendAudio: () => resumed('unreachable') });
    expect(await uploadRecording(request)).toMatchObject({ kind: 'retry', reason: 'offline', message: FAILURE_MESSAGES.offline });
    expect(stub.uploads).toEqual([]);
  });

  it('sends upload-vocal beside the last pieces of a live stream, and the whole file when they were refused', async () => {
    const stub = createStubApi();
    let finishLastPieces: (sent: AudioSent) => void = () => undefined;
    const request = input(stub, {
      recordingId: 'streaming',
      pictureFromPeaks: true,
      sendAudio: () => ({ finishing: true, sent: new Promise<AudioSent>((resolve) => (finishLastPieces = resolve)) }),
    });
    const outcome = uploadRecording(request);
    // upload-vocal left before the last pieces were done.
    await expect.poll(() => stub.uploads.length).toBe(1);
    finishLastPieces('arrived');
    expect(await outcome).toMatchObject({ kind: 'shared', share: { id: 'streaming' } });
    expect(stub.parts).toEqual([{ recording: false, image: false }]);

    stub.uploadAnswers.push(failure(400, 'recording: a file is required'));
    const refused = input(stub, {
      recordingId: 'refused-stream',
      pictureFromPeaks: true,
      sendAudio: () => ({ finishing: true, sent: Promise.resolve<AudioSent>('refused') }),
    });
    expect(await uploadRecording(refused)).toMatchObject({ kind: 'shared', share: { id: 'refused-stream' } });
    expect(stub.parts.slice(1)).toEqual([
      { recording: false, image: false },
      { recording: true, image: true },
    ]);

    // Both the last pieces and upload-vocal failed to get through: wait for the network.
    stub.uploadAnswers.push(failure(0, 'Could not reach the server'));
    const offline = input(stub, {
      recordingId: 'offline-stream',
      sendAudio: () => ({ finishing: true, sent: Promise.resolve<AudioSent>('unreachable') }),
    });
    expect(await uploadRecording(offline)).toMatchObject({ kind: 'retry', reason: 'offline' });
  });

  it('reuses a reserved id, so repeating an upload makes no second message', async () => {
    const stub = createStubApi();
    stub.uploadAnswers.push(failure(0, 'Could not reach the server'));
    const first = await uploadRecording(input(stub, { recordingId: 'kept-id' }));
    expect(first).toMatchObject({ kind: 'retry', reason: 'offline', message: FAILURE_MESSAGES.offline });
    const second = await uploadRecording(input(stub, { recordingId: 'kept-id' }));
    const third = await uploadRecording(input(stub, { recordingId: 'kept-id' }));
    expect(second).toEqual(third);
    expect(stub.reservedIds).toEqual([]);
    expect(stub.uploads.map((upload) => upload.id)).toEqual(['kept-id', 'kept-id', 'kept-id']);
    expect(stub.messages()).toHaveLength(1);
  });

  it('reserves a new id once when the server no longer knows the reserved one', async () => {
    const stub = createStubApi();
    stub.uploadAnswers.push(failure(404, 'Recording not found'));
    const request = input(stub, { recordingId: 'expired-id' });
    expect(await uploadRecording(request)).toMatchObject({ kind: 'shared', share: { id: 'reserved-1' } });
    expect(request.reserved).toEqual(['reserved-1']);
    expect(stub.uploads.map((upload) => upload.id)).toEqual(['expired-id', 'reserved-1']);
  });

  it('gives up with the message when the new id is not found either', async () => {
    const stub = createStubApi();
    stub.uploadAnswers.push(failure(404, 'Recording not found'), failure(404, 'Recording not found'));
    expect(await uploadRecording(input(stub, { recordingId: 'expired-id' }))).toEqual({
      kind: 'refused',
      status: 404,
      message: 'Recording not found',
    });
    expect(stub.reservedIds).toHaveLength(1);
  });

  it.each([400, 403, 413, 415])('does not retry a %i: it fails with the server message', async (status) => {
    const stub = createStubApi();
    stub.uploadAnswers.push(failure(status, `refused with ${status}`));
    expect(await uploadRecording(input(stub, { recordingId: 'recording-1' }))).toEqual({
      kind: 'refused',
      status,
      message: `refused with ${status}`,
    });
  });

  it('fails with the message when the reservation itself is refused (Free monthly messages)', async () => {
    const stub = createStubApi();
    stub.reserveAnswers.push(failure(403, 'You have sent the 50 messages of the Free plan this month.'));
    expect(await uploadRecording(input(stub))).toMatchObject({ kind: 'refused', status: 403 });
    expect(stub.uploads).toEqual([]);
  });

  it('refuses a context the server would refuse, without sending it', async () => {
    const stub = createStubApi();
    const outcome = await uploadRecording(input(stub, { recordingId: 'recording-1', subject: 'x'.repeat(201) }));
    expect(outcome).toMatchObject({ kind: 'refused', message: expect.stringContaining('subject') });
    expect(stub.uploads).toEqual([]);
  });

  it.each([0, 408, 429, 500, 502, 503])('retries a %i', async (status) => {
    const stub = createStubApi();
    stub.uploadAnswers.push(failure(status));
    const outcome = await uploadRecording(input(stub, { recordingId: 'recording-1' }));
    expect(outcome).toMatchObject({ kind: 'retry', reason: status === 0 ? 'offline' : 'server-error', status });
  });
});

describe('retry schedule', () => {
  it('doubles from 2 s up to a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map((failures) => retryDelay(failures))).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000, 60_000,
    ]);
  });

  it('jitter only shortens a wait, by at most a fifth', () => {
    expect(retryDelay(3, undefined, 1)).toBe(6_400);
    expect(retryDelay(3, undefined, 0.5)).toBe(7_200);
    expect(retryDelay(1, { initialDelayMs: 100, maxDelayMs: 250 })).toBe(100);
    expect(retryDelay(3, { initialDelayMs: 100, maxDelayMs: 250 })).toBe(250);
  });

  it('knows which answers may change', () => {
    expect([0, 408, 409, 425, 429, 500, 503, 504, 599].every(isRetryable)).toBe(true);
    expect([400, 401, 403, 404, 413, 415, 422].some(isRetryable)).toBe(false);
  });
});
