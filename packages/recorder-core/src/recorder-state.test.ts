import { describe, expect, it } from 'vitest';
import { FAILURE_MESSAGES } from './failure-messages.ts';
import { recordingPlanFor } from './plan-rules.ts';
import { transition, type RecordedMessage, type RecorderEvent, type RecorderState } from './recorder-state.ts';

const free = recordingPlanFor(0);
const pro = recordingPlanFor(1);

const message = (durationSeconds = 3): RecordedMessage => ({
  localId: 'local-1',
  audio: new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/mpeg' }),
  durationSeconds,
  peaks: [0, 0.5, 1],
});

function run(events: RecorderEvent[], plan = pro, from: RecorderState = { status: 'idle' }): RecorderState {
  return events.reduce((state, event) => transition(state, event, plan), from);
}

const recording = (plan = pro) => run([{ type: 'start' }, { type: 'permission-granted' }], plan);

describe('transition', () => {
  it('asks for permission, then records from zero', () => {
    expect(run([{ type: 'start' }])).toEqual({ status: 'asking-permission' });
    expect(recording()).toEqual({ status: 'recording', elapsedSeconds: 0, remainingSeconds: null, stopping: null });
    expect(recording(free)).toMatchObject({ remainingSeconds: 60 });
  });

  it('ends a refused permission in failed, with a sentence for the user', () => {
    const state = run([{ type: 'start' }, { type: 'capture-failed', reason: 'permission-denied' }]);
    expect(state).toEqual({
      status: 'failed',
      reason: 'permission-denied',
      message: FAILURE_MESSAGES['permission-denied'],
      recording: null,
      retryAt: null,
    });
    // Nothing was recorded, so the user may simply try again.
    expect(transition(state, { type: 'start' }, pro)).toEqual({ status: 'asking-permission' });
  });

  it('ends a missing microphone in failed no-device', () => {
    const state = run([{ type: 'start' }, { type: 'capture-failed', reason: 'no-device' }]);
    expect(state).toMatchObject({ status: 'failed', reason: 'no-device', message: FAILURE_MESSAGES['no-device'] });
  });

  it('keeps what was recorded when the device is lost, and lets it be uploaded', () => {
    const stopping = transition(recording(), { type: 'device-lost' }, pro);
    expect(stopping).toMatchObject({ status: 'recording', stopping: 'device-lost' });
    const lost = transition(stopping, { type: 'finished', recording: message(2) }, pro);
    expect(lost).toMatchObject({ status: 'failed', reason: 'device-lost', recording: { durationSeconds: 2 }, retryAt: null });
    expect(transition(lost, { type: 'upload' }, pro)).toMatchObject({ status: 'uploading', attempt: 1 });
  });

  it('stops a Free recording at the limit and keeps everything said', () => {
    const atLimit = transition(recording(free), { type: 'progress', elapsedSeconds: 60 }, free);
    expect(atLimit).toMatchObject({ status: 'recording', elapsedSeconds: 60, remainingSeconds: 0, stopping: 'limit' });
    const stopped = transition(atLimit, { type: 'finished', recording: message(60) }, free);
    expect(stopped).toMatchObject({ status: 'stopped', endedBy: 'limit', recording: { durationSeconds: 60 } });
  });

  it('counts down the remaining seconds on Free only', () => {
    expect(transition(recording(free), { type: 'progress', elapsedSeconds: 12.5 }, free)).toMatchObject({
      elapsedSeconds: 12.5,
      remainingSeconds: 47.5,
      stopping: null,
    });
    expect(transition(recording(), { type: 'progress', elapsedSeconds: 600 }, pro)).toMatchObject({
      elapsedSeconds: 600,
      remainingSeconds: null,
      stopping: null,
    });
  });

  it('refuses pause on Free by answering the same state', () => {
    const state = recording(free);
    expect(transition(state, { type: 'pause' }, free)).toBe(state);
  });

  it('pauses and resumes on Pro, keeping the elapsed time', () => {
    const going = transition(recording(), { type: 'progress', elapsedSeconds: 4 }, pro);
    const paused = transition(going, { type: 'pause' }, pro);
    expect(paused).toMatchObject({ status: 'paused', elapsedSeconds: 4 });
    expect(transition(paused, { type: 'pause' }, pro)).toBe(paused);
    expect(transition(paused, { type: 'resume' }, pro)).toMatchObject({ status: 'recording', elapsedSeconds: 4 });
    // Stop works from pause too.
    const stopped = run([{ type: 'stop' }, { type: 'finished', recording: message() }], pro, paused);
    expect(stopped).toMatchObject({ status: 'stopped', endedBy: 'user' });
  });

  it('waits in recording with stopping set until the encoder has flushed', () => {
    const stopping = transition(recording(), { type: 'stop' }, pro);
    expect(stopping).toMatchObject({ status: 'recording', stopping: 'user' });
    expect(transition(stopping, { type: 'pause' }, pro)).toBe(stopping);
    expect(transition(stopping, { type: 'device-lost' }, pro)).toBe(stopping);
  });

  it('turns a recording too short to be a message into failed empty-recording', () => {
    const state = run([{ type: 'stop' }, { type: 'finished', recording: message(0.1) }], pro, recording());
    expect(state).toMatchObject({ status: 'failed', reason: 'empty-recording', recording: null });
  });

  it('uploads, shares, and retries after a failure', () => {
    const stopped = run([{ type: 'stop' }, { type: 'finished', recording: message() }], pro, recording());
    const uploading = transition(stopped, { type: 'upload' }, pro);
    expect(uploading).toMatchObject({ status: 'uploading', attempt: 1 });
    const failed = transition(uploading, { type: 'upload-failed', reason: 'offline', retryAt: 5_000 }, pro);
    expect(failed).toMatchObject({ status: 'failed', reason: 'offline', message: FAILURE_MESSAGES.offline, retryAt: 5_000 });
    const retrying = transition(failed, { type: 'upload', attempt: 2 }, pro);
    expect(retrying).toMatchObject({ status: 'uploading', attempt: 2 });
    const shared = transition(retrying, { type: 'upload-succeeded', share: { id: 'abc123', url: 'http://x/listen/abc123' } }, pro);
    expect(shared).toMatchObject({ status: 'shared', share: { id: 'abc123' } });
    expect(transition(shared, { type: 'start' }, pro)).toEqual({ status: 'asking-permission' });
  });

  it('carries the server message of a refused upload', () => {
    const uploading = run([{ type: 'upload' }], pro, { status: 'stopped', recording: message(), endedBy: 'user' });
    const refused = transition(uploading, { type: 'upload-failed', reason: 'upload-refused', message: 'Too long', retryAt: null }, pro);
    expect(refused).toMatchObject({ status: 'failed', reason: 'upload-refused', message: 'Too long', retryAt: null });
  });

  it('does not start over while a recording waits to be sent', () => {
    const stopped: RecorderState = { status: 'stopped', recording: message(), endedBy: 'user' };
    expect(transition(stopped, { type: 'start' }, pro)).toBe(stopped);
    expect(transition(stopped, { type: 'discard' }, pro)).toEqual({ status: 'idle' });
  });

  it('restores a spooled recording into stopped, from idle only', () => {
    expect(run([{ type: 'restore', recording: message() }])).toMatchObject({ status: 'stopped', endedBy: 'restored' });
    const busy = recording();
    expect(transition(busy, { type: 'restore', recording: message() }, pro)).toBe(busy);
  });

  it('keeps what was encoded when the encoder fails', () => {
    expect(transition(recording(), { type: 'encoder-failed', recording: message(5) }, pro)).toMatchObject({
      status: 'failed',
      reason: 'encoder-failed',
      recording: { durationSeconds: 5 },
    });
    expect(transition(recording(), { type: 'encoder-failed', recording: null }, pro)).toMatchObject({ recording: null });
  });
});

describe('recordingPlanFor', () => {
  it('derives Free and Pro from LIMITS', () => {
    expect(free).toEqual({ maxRecordingSeconds: 60, pausing: false, name: 'Free' });
    expect(pro).toEqual({ maxRecordingSeconds: null, pausing: true, name: 'Pro' });
    expect(recordingPlanFor(2)).toEqual(pro);
  });
});
