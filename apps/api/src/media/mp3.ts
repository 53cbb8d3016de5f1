/**
 * Reads MPEG audio frame headers to tell whether bytes really are MP3 and how long they
 * play. The client's claimed duration is not trusted: this is what the file holds.
 */

export type Mp3Info = {
  durationSeconds: number;
  sampleRate: number;
  channels: 1 | 2;
  frames: number;
};

// Bit rates in kbit/s, by [version family][layer][index]. Index 0 (free) and 15 are invalid.
const BITRATES = {
  mpeg1: {
    1: [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    2: [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    3: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  },
  mpeg2: {
    1: [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    3: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  },
} as const;

const SAMPLE_RATES = { 3: [44_100, 48_000, 32_000], 2: [22_050, 24_000, 16_000], 0: [11_025, 12_000, 8_000] } as const;

type FrameHeader = { length: number; samples: number; sampleRate: number; channels: 1 | 2 };

function readFrameHeader(bytes: Uint8Array, offset: number): FrameHeader | null {
  if (offset + 4 > bytes.length) return null;
  const b1 = bytes[offset]!;
  const b2 = bytes[offset + 1]!;
  const b3 = bytes[offset + 2]!;
  const b4 = bytes[offset + 3]!;
  if (b1 !== 0xff || (b2 & 0xe0) !== 0xe0) return null;
  const versionBits = (b2 >> 3) & 0b11; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5, 1: reserved
  const layerBits = (b2 >> 1) & 0b11; // 3: layer I, 2: layer II, 1: layer III, 0: reserved
  if (versionBits === 1 || layerBits === 0) return null;
  const layer = (4 - layerBits) as 1 | 2 | 3;
  const bitrateIndex = (b3 >> 4) & 0b1111;
  const sampleRateIndex = (b3 >> 2) & 0b11;
  if (bitrateIndex === 0 || bitrateIndex === 15 || sampleRateIndex === 3) return null;
  const padding = (b3 >> 1) & 1;
  const channels = ((b4 >> 6) & 0b11) === 3 ? 1 : 2;
  const mpeg1 = versionBits === 3;
  const bitrate = BITRATES[mpeg1 ? 'mpeg1' : 'mpeg2'][layer][bitrateIndex]! * 1000;
  const sampleRate = SAMPLE_RATES[versionBits as 3 | 2 | 0][sampleRateIndex]!;
  let length: number;
  let samples: number;
  if (layer === 1) {
    length = (Math.floor((12 * bitrate) / sampleRate) + padding) * 4;
    samples = 384;
  } else if (layer === 2 || mpeg1) {
    length = Math.floor((144 * bitrate) / sampleRate) + padding;
    samples = 1152;
  } else {
    length = Math.floor((72 * bitrate) / sampleRate) + padding;
    samples = 576;
  }
  return length >= 4 ? { length, samples, sampleRate, channels } : null;
}

/** Skips an ID3v2 tag at the start (its size is four 7-bit bytes). */
function id3v2Length(bytes: Uint8Array): number {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0;
  const size = ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
  const footer = bytes[5]! & 0x10 ? 10 : 0;
  return 10 + size + footer;
}

/** How many chained frames must follow a sync word before we believe it is MP3. */
const CONFIRM_FRAMES = 3;
/** How far into the file the first frame may start (after any tag). */
const MAX_LEADING_GARBAGE = 64 * 1024;

/** The MP3's frames, or null when the bytes are not MP3. */
export function readMp3(bytes: Uint8Array): Mp3Info | null {
  let offset = id3v2Length(bytes);
  const searchEnd = Math.min(bytes.length, offset + MAX_LEADING_GARBAGE);
  let first: FrameHeader | null = null;
  for (; offset < searchEnd; offset++) {
    const header = readFrameHeader(bytes, offset);
    if (header && confirmsChain(bytes, offset, header)) {
      first = header;
      break;
    }
  }
  if (!first) return null;

  let frames = 0;
  let samples = 0;
  while (offset < bytes.length) {
    const header = readFrameHeader(bytes, offset);
    if (!header || header.sampleRate !== first.sampleRate) break;
    if (offset + header.length > bytes.length) {
      // A truncated last frame still plays what it has; count it if most of it is there.
      if (bytes.length - offset >= header.length / 2) {
        frames++;
        samples += header.samples;
      }
      break;
    }
    frames++;
    samples += header.samples;
    offset += header.length;
  }
  if (frames === 0) return null;
  return {
    durationSeconds: samples / first.sampleRate,
    sampleRate: first.sampleRate,
    channels: first.channels,
    frames,
  };
}

function confirmsChain(bytes: Uint8Array, offset: number, header: FrameHeader): boolean {
  let position = offset + header.length;
  for (let confirmed = 1; confirmed < CONFIRM_FRAMES; confirmed++) {
    // A file that ends exactly after its frames is a short but whole MP3.
    if (position === bytes.length) return true;
    const next = readFrameHeader(bytes, position);
    if (!next || next.sampleRate !== header.sampleRate) return false;
    position += next.length;
  }
  return true;
}
