import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { MPEGDecoder } from 'mpg123-decoder';
import { createMp3Encoder } from 'wasm-media-encoders';

const run = promisify(execFile);

/** A sine tone (with a little noise so it is not trivially compressible), as mono PCM. */
export function tonePcm(seconds: number, options: { sampleRate?: number; frequency?: number; amplitude?: number } = {}) {
  const sampleRate = options.sampleRate ?? 44_100;
  const frequency = options.frequency ?? 440;
  const amplitude = options.amplitude ?? 0.5;
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  for (let index = 0; index < samples.length; index++) {
    samples[index] = amplitude * Math.sin((2 * Math.PI * frequency * index) / sampleRate);
  }
  return { samples, sampleRate };
}

/** Encodes mono PCM to MP3 with LAME (wasm-media-encoders), as the recorder does. */
export async function encodeMp3(samples: Float32Array, sampleRate: number, bitrate: 64 | 128 = 64): Promise<Uint8Array<ArrayBuffer>> {
  const encoder = await createMp3Encoder();
  encoder.configure({ sampleRate, channels: 1, bitrate });
  const parts: Uint8Array[] = [];
  const chunk = 4096;
  for (let offset = 0; offset < samples.length; offset += chunk) {
    parts.push(encoder.encode([samples.subarray(offset, offset + chunk)]).slice());
  }
  parts.push(encoder.finalize().slice());
  return new Uint8Array(Buffer.concat(parts));
}

/** An MP3 of a tone lasting `seconds`. */
export async function makeMp3(seconds: number, options: { frequency?: number; sampleRate?: number } = {}) {
  const { samples, sampleRate } = tonePcm(seconds, options);
  return encodeMp3(samples, sampleRate);
}

const pieceSeconds = 10;
const pieces = new Map<number, Promise<Uint8Array<ArrayBuffer>>>();

/**
 * A long MP3 made cheaply: a 10-second piece encoded once and repeated (each piece is a whole
 * MP3 stream, so the sum is one valid stream), plus the remainder. Length limits are tested with
 * minutes of audio; encoding them afresh costs seconds of CPU that a busy machine may not have.
 * Each piece adds its encoder padding: the result plays a few hundredths of a second per piece
 * longer than `seconds`, never shorter.
 */
export async function makeLongMp3(seconds: number, options: { sampleRate?: number } = {}): Promise<Uint8Array<ArrayBuffer>> {
  const sampleRate = options.sampleRate ?? 44_100;
  let piece = pieces.get(sampleRate);
  if (!piece) {
    piece = makeMp3(pieceSeconds, { sampleRate });
    pieces.set(sampleRate, piece);
  }
  const whole = Math.floor(seconds / pieceSeconds);
  const remainder = seconds - whole * pieceSeconds;
  const parts = Array.from({ length: whole }, () => piece);
  if (remainder > 0) parts.push(makeMp3(remainder, { sampleRate }));
  return new Uint8Array(Buffer.concat(await Promise.all(parts)));
}

export type DecodedAudio = { durationSeconds: number; sampleRate: number; rms: number; peak: number; samples: Float32Array };

/** Decodes an MP3 in Node (mpg123) to check its length and that it is not silent. */
export async function decodeMp3(bytes: Uint8Array): Promise<DecodedAudio> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const decoded = decoder.decode(bytes);
    const samples = decoded.channelData[0] ?? new Float32Array();
    let sum = 0;
    let peak = 0;
    for (const sample of samples) {
      sum += sample * sample;
      peak = Math.max(peak, Math.abs(sample));
    }
    return {
      durationSeconds: decoded.samplesDecoded / decoded.sampleRate,
      sampleRate: decoded.sampleRate,
      rms: samples.length ? Math.sqrt(sum / samples.length) : 0,
      peak,
      samples,
    };
  } finally {
    decoder.free();
  }
}

/**
 * Speech as a WAV file made by espeak-ng (Debian package espeak-ng), for Chromium's fake
 * microphone. `seconds`, when given, pads or trims the file to that length with sox.
 */
export async function makeSpeechWav(text: string, options: { seconds?: number; folder?: string } = {}): Promise<string> {
  const folder = options.folder ?? (await mkdtemp(join(tmpdir(), 'vocal-speech-')));
  const raw = join(folder, 'speech-raw.wav');
  await run('espeak-ng', ['-s', '150', '-w', raw, text]);
  if (!options.seconds) return raw;
  const shaped = join(folder, 'speech.wav');
  // Repeat the phrase until it fills the length, then trim: the microphone speaks throughout.
  await run('sox', [raw, shaped, 'repeat', '20', 'trim', '0', String(options.seconds)]);
  return shaped;
}

/** Reads a WAV's length with sox, in seconds. */
export async function wavSeconds(path: string): Promise<number> {
  const { stdout } = await run('soxi', ['-D', path]);
  return Number(stdout.trim());
}

export const readBytes = async (path: string): Promise<Uint8Array<ArrayBuffer>> => new Uint8Array(await readFile(path));

/** Mono float PCM as a 16-bit WAV file (for Chromium's fake microphone). */
export function wavBytes(samples: Float32Array, sampleRate: number): Uint8Array<ArrayBuffer> {
  const wav = Buffer.alloc(44 + samples.length * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples.length * 2, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples.length * 2, 40);
  for (let index = 0; index < samples.length; index++) {
    wav.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[index]!)) * 32_767), 44 + index * 2);
  }
  return new Uint8Array(wav);
}
