import { decodeMp3, encodeMp3, makeMp3, tonePcm } from '@vocal/test-fixtures';
import { describe, expect, it } from 'vitest';
import { probeAudio } from './audio-file.ts';
import { LOUDNESS_TARGET_DBFS, toDb } from './loudness.ts';
import { readMp3 } from './mp3.ts';
import { REENCODE_BITRATE, reencodeToMp3 } from './mp3-encoder.ts';
import { resample } from './resampler.ts';

const rms = (samples: Float32Array, from = 0, to = samples.length) => {
  let sum = 0;
  for (let index = from; index < to; index++) sum += samples[index]! ** 2;
  return Math.sqrt(sum / (to - from));
};

describe('resample', () => {
  it('keeps a tone below the new Nyquist frequency at its level and length', () => {
    const { samples } = tonePcm(1, { sampleRate: 44_100, frequency: 1000, amplitude: 0.5 });
    const output = resample(samples, 44_100, 16_000);
    expect(output.length).toBeGreaterThanOrEqual(15_999);
    expect(output.length).toBeLessThanOrEqual(16_001);
    expect(rms(output, 1000, 15_000)).toBeCloseTo(0.5 / Math.SQRT2, 2);
  });

  it('removes what the new rate cannot carry instead of folding it back (no aliasing)', () => {
    // 12 kHz does not fit under 8 kHz, the Nyquist frequency of 16 kHz.
    const { samples } = tonePcm(1, { sampleRate: 48_000, frequency: 12_000, amplitude: 0.5 });
    const output = resample(samples, 48_000, 16_000);
    expect(toDb(rms(output, 1000, 15_000))).toBeLessThan(-40);
  });

  it('upsamples too', () => {
    const { samples } = tonePcm(0.5, { sampleRate: 16_000, frequency: 440, amplitude: 0.5 });
    const output = resample(samples, 16_000, 44_100);
    expect(output.length).toBeCloseTo(22_050, -1);
    expect(rms(output, 2000, 20_000)).toBeCloseTo(0.5 / Math.SQRT2, 2);
  });
});

describe('probeAudio', () => {
  it('tells MP3 from other bytes, by content', async () => {
    const probe = await probeAudio(await makeMp3(1));
    expect(probe).toMatchObject({ format: 'mp3', codec: 'mp3', decodable: true });
    expect(await probeAudio(new TextEncoder().encode('not audio at all '.repeat(100)))).toBeNull();
    // An EBML header with nothing after it is no WebM we can read.
    expect(await probeAudio(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x80, ...new Array(100).fill(0)]))).toBeNull();
  });
});

describe('reencodeToMp3', () => {
  it('makes mono constant-bitrate MP3 of the same length, loudness normalised', async () => {
    const quiet = tonePcm(3, { sampleRate: 44_100, frequency: 300, amplitude: 0.05 });
    const source = await encodeMp3(quiet.samples, quiet.sampleRate, 128);
    const result = await reencodeToMp3(source);
    const info = readMp3(result.mp3)!;
    expect(info.channels).toBe(1);
    expect(info.sampleRate).toBe(44_100);
    // Constant bitrate: size follows from the bitrate and the length.
    expect(result.mp3.length).toBeCloseTo((REENCODE_BITRATE * 1000 * info.durationSeconds) / 8, -3);
    const decoded = await decodeMp3(result.mp3);
    expect(Math.abs(decoded.durationSeconds - 3)).toBeLessThan(0.1);
    expect(Math.abs(toDb(decoded.rms) - LOUDNESS_TARGET_DBFS)).toBeLessThan(1);
    expect(decoded.peak).toBeLessThan(0.9);
  });

  it('never lets a peak pass -1 dBFS, and leaves silence alone', async () => {
    const spiky = new Float32Array(44_100 * 2);
    for (let index = 0; index < spiky.length; index += 4410) spiky[index] = 0.99;
    const result = await reencodeToMp3(await encodeMp3(spiky, 44_100));
    expect((await decodeMp3(result.mp3)).peak).toBeLessThan(1);
    const silence = await reencodeToMp3(await encodeMp3(new Float32Array(44_100), 44_100));
    expect(silence.gain).toBe(1);
  });
});
