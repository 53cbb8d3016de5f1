import { createFakeHostAdapter } from '@vocal/host-contract';
import { sampleShare } from '@vocal/host-contract/contract';
import { describe, expect, it, vi } from 'vitest';
import { withWindowRecording } from './with-window-recording.ts';

describe('recording in a window, seen from the host panel', () => {
  it('attaches the MP3 fetched from storage when the setting is on', async () => {
    const fake = createFakeHostAdapter({ windowShare: sampleShare() });
    const audio = new Blob([new Uint8Array([0xff, 0xfb])], { type: 'audio/mpeg' });
    const host = withWindowRecording(fake.adapter, {
      attachment: () => ({ enabled: true, name: 'Voice memo' }),
      fetchAudio: async () => audio,
      onWindowError: () => undefined,
    });
    expect(await host.recordInWindow!('https://vocal.example/dialog.html?mode=record')).toEqual(sampleShare());
    expect(fake.calls).toContainEqual({ name: 'attachAudio', attachment: { blob: audio, name: 'Voice memo.mp3' } });
  });

  it('attaches nothing when the setting is off', async () => {
    const fake = createFakeHostAdapter({ windowShare: sampleShare() });
    const fetchAudio = vi.fn(async () => null);
    const host = withWindowRecording(fake.adapter, {
      attachment: () => ({ enabled: false, name: 'Voice memo' }),
      fetchAudio,
      onWindowError: () => undefined,
    });
    await host.recordInWindow!('https://vocal.example/dialog.html');
    expect(fetchAudio).not.toHaveBeenCalled();
    expect(fake.calls.map((call) => call.name)).toEqual(['recordInWindow']);
  });

  it('hands back the link alone for a host whose replies take no files', async () => {
    const fake = createFakeHostAdapter({ windowShare: sampleShare() });
    const host = withWindowRecording(fake.adapter, { onWindowError: () => undefined });
    expect(await host.recordInWindow!('https://vocal.example/record/zendesk')).toEqual(sampleShare());
    expect(fake.calls.map((call) => call.name)).toEqual(['recordInWindow']);
  });

  it('still hands back the link when the attachment fails', async () => {
    const fake = createFakeHostAdapter({ windowShare: sampleShare() });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const host = withWindowRecording(fake.adapter, {
      attachment: () => ({ enabled: true, name: 'Voice memo' }),
      fetchAudio: async () => {
        throw new Error('offline');
      },
      onWindowError: () => undefined,
    });
    expect(await host.recordInWindow!('https://vocal.example/dialog.html')).toEqual(sampleShare());
  });

  it('turns a window that failed into a notice and no message', async () => {
    const fake = createFakeHostAdapter();
    fake.adapter.recordInWindow = async () => {
      throw new Error('A Vocal window is already open.');
    };
    const onWindowError = vi.fn();
    const host = withWindowRecording(fake.adapter, { attachment: () => null, fetchAudio: async () => null, onWindowError });
    expect(await host.recordInWindow!('https://vocal.example/dialog.html')).toBeNull();
    expect(onWindowError).toHaveBeenCalledWith('A Vocal window is already open.');
  });

  it('leaves an adapter without the capability as it is', () => {
    const { adapter } = createFakeHostAdapter({ capabilities: { recordInWindow: false } });
    expect(withWindowRecording(adapter, { attachment: () => null, fetchAudio: async () => null, onWindowError: () => undefined })).toBe(
      adapter,
    );
  });
});
