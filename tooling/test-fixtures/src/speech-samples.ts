import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

/**
 * Real human speech with known words, from Debian's pocketsphinx-testdata. espeak's voice is
 * not recognisable by pocketsphinx, so transcription tests use these.
 */
const TEST_DATA = '/usr/share/pocketsphinx/test/data';

export const GO_FORWARD = {
  /** 16 kHz, 16-bit little-endian mono PCM without a header. */
  path: `${TEST_DATA}/goforward.raw`,
  sampleRate: 16_000,
  words: ['go', 'forward', 'ten', 'meters'],
};

export const speechSamplesAvailable = () => existsSync(GO_FORWARD.path);

/** The LibriVox sentences of pocketsphinx-testdata: 16 kHz mono WAVs with what is said. */
export const LIBRIVOX = {
  folder: `${TEST_DATA}/librivox`,
  transcriptPath: `${TEST_DATA}/librivox/transcription`,
};

/** goforward.raw as mono float samples at 16 kHz, ready for encodeMp3. */
export async function goForwardPcm(): Promise<Float32Array> {
  const raw = await readFile(GO_FORWARD.path);
  const samples = new Float32Array(raw.length / 2);
  for (let index = 0; index < samples.length; index++) samples[index] = raw.readInt16LE(index * 2) / 32_768;
  return samples;
}

/** A LibriVox WAV (16-bit mono) as float samples and its sample rate. */
export async function readWavPcm(path: string): Promise<{ samples: Float32Array; sampleRate: number }> {
  const wav = await readFile(path);
  const sampleRate = wav.readUInt32LE(24);
  let offset = 12;
  while (offset + 8 <= wav.length && wav.toString('ascii', offset, offset + 4) !== 'data') {
    offset += 8 + wav.readUInt32LE(offset + 4);
  }
  const length = Math.min(wav.readUInt32LE(offset + 4), wav.length - offset - 8);
  const samples = new Float32Array(Math.floor(length / 2));
  for (let index = 0; index < samples.length; index++) samples[index] = wav.readInt16LE(offset + 8 + index * 2) / 32_768;
  return { samples, sampleRate };
}

/**
 * goforward as a WAV for Chromium's fake microphone: half a second of silence, the words, and
 * silence after (the fake device turns to silence once a %noloop file ends).
 */
export async function goForwardWav(folder?: string): Promise<string> {
  const { execFile } = await import('node:child_process');
  const { promisify } = await import('node:util');
  const { mkdtemp } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const target = join(folder ?? (await mkdtemp(join(tmpdir(), 'vocal-goforward-'))), 'goforward.wav');
  await promisify(execFile)('sox', [
    '-t',
    'raw',
    '-r',
    '16000',
    '-e',
    'signed',
    '-b',
    '16',
    '-c',
    '1',
    GO_FORWARD.path,
    target,
    'pad',
    '0.5',
    '0.5',
  ]);
  return target;
}
