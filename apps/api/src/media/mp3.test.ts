import { encodeMp3, makeMp3, tonePcm } from '@vocal/test-fixtures';
import { describe, expect, it } from 'vitest';
import { readMp3 } from './mp3.ts';

describe('readMp3', () => {
  it('reads the duration of a real MP3 from its frames', async () => {
    const info = readMp3(await makeMp3(3));
    expect(info).not.toBeNull();
    expect(info!.sampleRate).toBe(44_100);
    expect(info!.channels).toBe(1);
    // LAME adds up to two frames of padding at each end.
    expect(info!.durationSeconds).toBeGreaterThan(2.99);
    expect(info!.durationSeconds).toBeLessThan(3.1);
  });

  it('reads MPEG-2 (lower sample rate) frames too', async () => {
    const { samples } = tonePcm(2, { sampleRate: 16_000 });
    const info = readMp3(await encodeMp3(samples, 16_000));
    expect(info?.sampleRate).toBe(16_000);
    expect(info!.durationSeconds).toBeGreaterThan(1.95);
    expect(info!.durationSeconds).toBeLessThan(2.15);
  });

  it('skips an ID3v2 tag', async () => {
    const mp3 = await makeMp3(1);
    const tag = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 20, ...new Array(20).fill(0)]);
    const info = readMp3(new Uint8Array([...tag, ...mp3]));
    expect(info?.durationSeconds).toBeGreaterThan(0.95);
  });

  it('refuses text, PNG and random bytes posing as MP3', () => {
    expect(readMp3(new TextEncoder().encode('this is not audio, just a text file '.repeat(50)))).toBeNull();
    expect(readMp3(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(200).fill(1)]))).toBeNull();
    // A lone sync word with nothing chained after it is not MP3.
    expect(readMp3(new Uint8Array([0xff, 0xfb, 0x90, 0x64, ...new Array(2000).fill(0x55)]))).toBeNull();
    expect(readMp3(new Uint8Array())).toBeNull();
  });
});
