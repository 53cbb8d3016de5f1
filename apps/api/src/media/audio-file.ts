import { open } from 'node:fs/promises';
import { ALL_FORMATS, BufferSource, EncodedPacketSink, FilePathSource, Input, type InputAudioTrack, type Source } from 'mediabunny';
import { MPEGDecoder } from 'mpg123-decoder';
import { OpusDecoder } from 'opus-decoder';
import { MAX_JUNK_BYTES, Mp3Scanner, readMp3 } from './mp3.ts';

/**
 * What an uploaded recording is, told from its bytes: MP3 (what the recorder makes), or the
 * WebM and MP4 a browser's MediaRecorder makes when it cannot encode MP3. Those play as they
 * are until a job re-encodes them to MP3; they are accepted only when we can decode them
 * in Node, which means Opus (opus-decoder). AAC has no decoder that installs from npm and
 * runs in Node (docs/decisions/0007-audio.md), so MP4/AAC is refused.
 */
export type AudioFormat = 'mp3' | 'webm' | 'mp4';

export type AudioProbe = {
  format: AudioFormat;
  /** mp3, opus, or the codec we cannot decode (aac, vorbis, ...). */
  codec: string;
  durationSeconds: number;
  decodable: boolean;
};

export const AUDIO_EXTENSIONS: Record<AudioFormat, string> = { mp3: 'mp3', webm: 'webm', mp4: 'm4a' };
export const AUDIO_CONTENT_TYPES: Record<AudioFormat, string> = {
  mp3: 'audio/mpeg',
  webm: 'audio/webm',
  mp4: 'audio/mp4',
};

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte);

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const FTYP = [0x66, 0x74, 0x79, 0x70];

/** The container the file's first 12 bytes name (probeAudioFile reads those with mediabunny), or null. */
export function containerOf(bytes: Uint8Array): 'webm' | 'mp4' | null {
  if (startsWith(bytes, EBML_MAGIC)) return 'webm';
  if (startsWith(bytes, FTYP, 4)) return 'mp4';
  return null;
}

async function openAudioTrack(bytes: Uint8Array | Source): Promise<{ input: Input; track: InputAudioTrack } | null> {
  const source = bytes instanceof Uint8Array ? new BufferSource(bytes) : bytes;
  const input = new Input({ formats: ALL_FORMATS, source });
  try {
    const track = await input.getPrimaryAudioTrack();
    if (!track) {
      input.dispose();
      return null;
    }
    return { input, track };
  } catch {
    input.dispose();
    return null;
  }
}

/** The recording's format and length, or null when the bytes are no audio we know. */
export async function probeAudio(bytes: Uint8Array): Promise<AudioProbe | null> {
  const container = containerOf(bytes);
  if (!container) {
    const mp3 = readMp3(bytes);
    return mp3 ? { format: 'mp3', codec: 'mp3', durationSeconds: mp3.durationSeconds, decodable: true } : null;
  }
  const opened = await openAudioTrack(bytes);
  if (!opened) return null;
  try {
    const { input, track } = opened;
    const codec = track.codec ?? 'unknown';
    const durationSeconds = await input.computeDuration().catch(() => 0);
    return {
      format: container,
      codec,
      durationSeconds,
      decodable: codec === 'opus' && track.numberOfChannels <= 2 && durationSeconds > 0,
    };
  } finally {
    opened.input.dispose();
  }
}

/**
 * A WebM or MP4 is its packets plus the container around them: headers, an index, and some
 * bytes per packet (block headers, sample table entries). Anything well beyond that is data
 * hiding in the file (after the container, or in padding boxes) that would be stored and served.
 */
const CONTAINER_OVERHEAD_BYTES = 64 * 1024;
const OVERHEAD_PER_PACKET_BYTES = 32;

/** Every packet of every track, by its metadata only: their bytes, count and last end. */
async function containerContents(input: Input) {
  let mediaBytes = 0;
  let packets = 0;
  let endSeconds = 0;
  for (const track of await input.getTracks()) {
    for await (const packet of new EncodedPacketSink(track).packets(undefined, undefined, { metadataOnly: true })) {
      mediaBytes += packet.byteLength;
      packets++;
      endSeconds = Math.max(endSeconds, packet.timestamp + packet.duration);
    }
  }
  return { mediaBytes, packets, endSeconds };
}

/** What an upload's file holds, and why it must be refused though it is audio (null: it need not). */
export type AudioFileProbe = AudioProbe & { problem: string | null };

const READ_CHUNK_BYTES = 64 * 1024;

const kilobytes = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`;

export const MP3_JUNK_MESSAGE = `recording: more than ${kilobytes(MAX_JUNK_BYTES)} of the file is not MP3 audio; send the MP3 alone`;

/**
 * Watches a recording while it arrives and says as soon as it is sure to be refused, so the
 * rest is never read: an MP3 with more junk than allowed ('junk'), or bytes that show no
 * MP3 frames within the junk allowed ('not-mp3'). WebM and MP4 are checked once whole.
 */
export function watchRecording(): (chunk: Uint8Array) => 'junk' | 'not-mp3' | null {
  let head: Uint8Array[] = [];
  let headBytes = 0;
  let scanner: Mp3Scanner | null | undefined;
  return (chunk) => {
    if (scanner === null) return null;
    if (scanner === undefined) {
      head.push(chunk);
      headBytes += chunk.length;
      if (headBytes < 12) return null;
      chunk = Buffer.concat(head);
      head = [];
      scanner = containerOf(chunk) ? null : new Mp3Scanner();
      if (!scanner) return null;
    }
    scanner.push(chunk);
    if (!scanner.rejected) return null;
    return scanner.framesSoFar > 0 ? 'junk' : 'not-mp3';
  };
}

/**
 * probeAudio for a file on disk, read in bounded memory: an MP3 is read whole, frame by
 * frame, and a WebM or MP4 through mediabunny reading only what it needs. Bytes that are no
 * part of the audio (junk after or between MP3 frames, more than a tag's worth) are a
 * `problem`: they would be stored and served while no check ever saw them.
 */
export async function probeAudioFile(path: string): Promise<AudioFileProbe | null> {
  const file = await open(path, 'r');
  try {
    const head = new Uint8Array(12);
    await file.read(head, 0, head.length, 0);
    const container = containerOf(head);
    if (container) {
      const opened = await openAudioTrack(new FilePathSource(path));
      if (!opened) return null;
      try {
        const { input, track } = opened;
        const codec = track.codec ?? 'unknown';
        const contents = await containerContents(input).catch(() => null);
        if (!contents) return null;
        // What the packets say, not a header's claim: that is what a player plays.
        const durationSeconds = Math.max(contents.endSeconds, await input.computeDuration().catch(() => 0));
        const { size } = await file.stat();
        const extra = size - contents.mediaBytes - CONTAINER_OVERHEAD_BYTES - OVERHEAD_PER_PACKET_BYTES * contents.packets;
        return {
          format: container,
          codec,
          durationSeconds,
          decodable: codec === 'opus' && track.numberOfChannels <= 2 && durationSeconds > 0,
          problem:
            extra > 0
              ? `recording: ${kilobytes(size - contents.mediaBytes)} of the file is neither audio nor its ${container.toUpperCase()} container; send the recording alone`
              : null,
        };
      } finally {
        opened.input.dispose();
      }
    }
    const scanner = new Mp3Scanner();
    const buffer = new Uint8Array(READ_CHUNK_BYTES);
    let position = 0;
    while (!scanner.rejected) {
      const { bytesRead } = await file.read(buffer, 0, buffer.length, position);
      if (bytesRead === 0) break;
      scanner.push(buffer.subarray(0, bytesRead));
      position += bytesRead;
    }
    return mp3ProbeOf(scanner);
  } finally {
    await file.close();
  }
}

/**
 * What probeAudioFile says of an MP3 that `scanner` read whole, in order, from its first byte:
 * a progressive upload's bytes were scanned as they arrived, so they need not be read again.
 */
export function mp3ProbeOf(scanner: Mp3Scanner): AudioFileProbe | null {
  const scan = scanner.finish();
  if (!scan.info) return null;
  return {
    format: 'mp3',
    codec: 'mp3',
    durationSeconds: scan.info.durationSeconds,
    decodable: true,
    problem: scan.problem === 'junk' ? MP3_JUNK_MESSAGE : null,
  };
}

export type PcmChunk = { samples: Float32Array; sampleRate: number };

/** Averages the channels into one. */
function toMono(channels: Float32Array[], length: number): Float32Array {
  if (channels.length === 1) return channels[0]!.slice(0, length);
  const mono = new Float32Array(length);
  for (const channel of channels) {
    for (let index = 0; index < length; index++) mono[index]! += channel[index]! / channels.length;
  }
  return mono;
}

const MP3_CHUNK_BYTES = 64 * 1024;
const OPUS_PACKETS_PER_CHUNK = 100;
const OPUS_RATES = [8000, 12_000, 16_000, 24_000, 48_000] as const;

/**
 * Decodes a recording to mono PCM, chunk by chunk, so hours of audio never sit in memory as
 * samples. Opus is decoded straight at `preferredRate` when Opus supports that rate.
 */
export async function* decodeAudio(bytes: Uint8Array, options: { preferredRate?: number } = {}): AsyncGenerator<PcmChunk> {
  const container = containerOf(bytes);
  if (!container) {
    const decoder = new MPEGDecoder();
    await decoder.ready;
    try {
      for (let offset = 0; offset < bytes.length; offset += MP3_CHUNK_BYTES) {
        const decoded = decoder.decode(bytes.subarray(offset, offset + MP3_CHUNK_BYTES));
        if (decoded.samplesDecoded > 0) {
          yield { samples: toMono(decoded.channelData, decoded.samplesDecoded), sampleRate: decoded.sampleRate };
        }
      }
    } finally {
      decoder.free();
    }
    return;
  }

  const opened = await openAudioTrack(bytes);
  if (!opened) throw new Error('The recording has no audio track');
  const { input, track } = opened;
  try {
    if (track.codec !== 'opus') throw new Error(`Cannot decode ${track.codec ?? 'unknown'} audio`);
    const config = await track.getDecoderConfig();
    const description = config?.description;
    const head =
      description instanceof ArrayBuffer
        ? new Uint8Array(description)
        : description
          ? new Uint8Array(description.buffer, description.byteOffset, description.byteLength)
          : null;
    // OpusHead: "OpusHead", version, channel count, pre-skip (16-bit little-endian), ...
    const preSkip = head && head.length >= 12 ? head[10]! | (head[11]! << 8) : 0;
    const preferred = OPUS_RATES.find((rate) => rate === options.preferredRate) ?? 48_000;
    const decoder = new OpusDecoder({ channels: track.numberOfChannels, preSkip, sampleRate: preferred });
    await decoder.ready;
    try {
      let batch: Uint8Array[] = [];
      const flush = function* () {
        if (batch.length === 0) return;
        const decoded = decoder.decodeFrames(batch);
        batch = [];
        if (decoded.samplesDecoded > 0) {
          yield { samples: toMono(decoded.channelData, decoded.samplesDecoded), sampleRate: decoded.sampleRate };
        }
      };
      for await (const packet of new EncodedPacketSink(track).packets()) {
        batch.push(packet.data);
        if (batch.length >= OPUS_PACKETS_PER_CHUNK) yield* flush();
      }
      yield* flush();
    } finally {
      decoder.free();
    }
  } finally {
    input.dispose();
  }
}
