import { describe, expect, it } from 'vitest';
import { decodeMp3, makeLongMp3, makeMp3, makeSpeechWav, wavSeconds } from './audio.ts';
import { makePng } from './image.ts';

describe('fixtures', () => {
  it('makes an MP3 that decodes back to its length and is not silent', async () => {
    const decoded = await decodeMp3(await makeMp3(2));
    expect(decoded.durationSeconds).toBeGreaterThan(1.95);
    expect(decoded.durationSeconds).toBeLessThan(2.15);
    expect(decoded.rms).toBeGreaterThan(0.1);
  });

  it('makes a long MP3 from repeated pieces that decodes as one stream of at least its length', async () => {
    const decoded = await decodeMp3(await makeLongMp3(25, { sampleRate: 16_000 }));
    expect(decoded.durationSeconds).toBeGreaterThanOrEqual(25);
    expect(decoded.durationSeconds).toBeLessThan(25.5);
    expect(decoded.rms).toBeGreaterThan(0.1);
  });

  it('makes a PNG with the right signature and size', () => {
    const png = Buffer.from(makePng(10, 3));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(10);
    expect(png.readUInt32BE(20)).toBe(3);
  });

  it('makes speech of a given length with espeak-ng', async () => {
    const path = await makeSpeechWav('Hello, this is a test of the voice message product.', { seconds: 3 });
    expect(await wavSeconds(path)).toBeCloseTo(3, 1);
  });
});
