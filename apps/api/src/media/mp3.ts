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
/** The longest frame there is: MPEG-2 layer II, 160 kbit/s at 8 kHz, padded. */
const MAX_FRAME_BYTES = 2881;
/** Bytes a sync candidate needs ahead of it before it can be confirmed or rejected. */
const LOOKAHEAD_BYTES = CONFIRM_FRAMES * MAX_FRAME_BYTES + 4;
/** The largest leading ID3v2 tag skipped; a voice message has no album art. */
export const MAX_ID3_TAG_BYTES = 1024 * 1024;
/**
 * Bytes between, before or after the frames that are not audio, tolerated in all: an ID3v1,
 * APE or Lyrics tag at the end, an encoder's padding. Anything more is data hiding in the
 * file, which players skip over and which would otherwise be stored and served.
 */
export const MAX_JUNK_BYTES = 16 * 1024;

export type Mp3ScanResult = {
  /** Null when the bytes are not MP3 (no chain of frames near the start). */
  info: Mp3Info | null;
  /** Bytes that are neither frames nor the leading ID3v2 tag. */
  junkBytes: number;
  /** Why the file must be refused even though it starts as MP3, or null. */
  problem: 'junk' | 'tag' | null;
};

/**
 * Reads an MP3 as it arrives, chunk by chunk, so a file is checked whole without ever being
 * held in memory. Every frame counts toward the duration, also frames after junk: a player
 * resynchronises and plays them, so the length that counts is what the whole stream plays.
 * Once `rejected`, nothing more need be pushed.
 */
export class Mp3Scanner {
  private pending: Uint8Array = new Uint8Array(0);
  private phase: 'tag' | 'skip-tag' | 'sync' | 'frames' = 'tag';
  private tagRemaining = 0;
  private sampleRate = 0;
  private channels: 1 | 2 = 1;
  private frames = 0;
  private samples = 0;
  private junk = 0;
  private failed: Mp3ScanResult['problem'] = null;

  /** Frames read so far: none yet means the bytes have not shown themselves to be MP3. */
  get framesSoFar(): number {
    return this.frames;
  }

  /** How long the frames read so far play: what a plan's length limit is checked against while bytes arrive. */
  get secondsSoFar(): number {
    return this.sampleRate > 0 ? this.samples / this.sampleRate : 0;
  }

  /** True once the bytes so far are known to be refused, whatever follows. */
  get rejected(): boolean {
    return this.failed !== null;
  }

  /**
   * Reads `chunk`, which the caller may reuse afterwards: only the few bytes that straddle the
   * end of a chunk are copied and kept, so reading a file makes next to no garbage.
   */
  push(chunk: Uint8Array): void {
    if (this.rejected || chunk.length === 0) return;
    let start = 0;
    if (this.pending.length > 0) {
      // The carry-over and enough of the new chunk to read past it, joined.
      const carried = this.pending.length;
      const bridge = new Uint8Array(carried + Math.min(chunk.length, LOOKAHEAD_BYTES + MAX_FRAME_BYTES));
      bridge.set(this.pending);
      bridge.set(chunk.subarray(0, bridge.length - carried), carried);
      const reached = this.process(bridge, false);
      // With the bridge as long as anything needs to look ahead, the scan gets past the
      // carry-over unless the chunk was short (all of it is in the bridge) or the file refused.
      if (reached < carried || bridge.length - carried === chunk.length || this.rejected) {
        this.pending = bridge.slice(reached);
        return;
      }
      start = reached - carried;
    }
    this.pending = chunk.slice(this.process(chunk, false, start));
  }

  finish(): Mp3ScanResult {
    if (!this.rejected) this.process(this.pending, true);
    const info =
      this.frames === 0
        ? null
        : { durationSeconds: this.samples / this.sampleRate, sampleRate: this.sampleRate, channels: this.channels, frames: this.frames };
    return { info, junkBytes: this.junk, problem: info ? this.failed : null };
  }

  private addJunk(bytes: number): void {
    this.junk += bytes;
    if (this.junk > MAX_JUNK_BYTES) this.failed = 'junk';
  }

  /** Reads `bytes` from `start` as far as it can; answers where it stopped. */
  private process(bytes: Uint8Array, final: boolean, start = 0): number {
    let position = start;
    while (!this.rejected) {
      const available = bytes.length - position;
      if (this.phase === 'tag') {
        if (available < 10 && !final) break;
        const tagLength = id3v2Length(bytes.subarray(position));
        if (tagLength > MAX_ID3_TAG_BYTES) {
          this.failed = 'tag';
          break;
        }
        this.tagRemaining = tagLength;
        this.phase = 'skip-tag';
      } else if (this.phase === 'skip-tag') {
        const skipped = Math.min(this.tagRemaining, available);
        position += skipped;
        this.tagRemaining -= skipped;
        if (this.tagRemaining > 0) break;
        this.phase = 'sync';
      } else if (this.phase === 'sync') {
        if (available === 0 || (available < LOOKAHEAD_BYTES && !final)) break;
        const header = readFrameHeader(bytes, position);
        if (header && (this.frames === 0 || header.sampleRate === this.sampleRate) && confirmsChain(bytes, position, header, final)) {
          if (this.frames === 0) {
            this.sampleRate = header.sampleRate;
            this.channels = header.channels;
          }
          this.phase = 'frames';
          continue;
        }
        // Junk before the first frame counts too: the first frame may start at most this far in.
        position++;
        this.addJunk(1);
      } else {
        if (available < 4) {
          if (!final) break;
          this.addJunk(available);
          position += available;
          break;
        }
        const header = readFrameHeader(bytes, position);
        if (!header || header.sampleRate !== this.sampleRate) {
          this.phase = 'sync';
          continue;
        }
        if (available < header.length) {
          if (!final) break;
          // A truncated last frame still plays what it has; count it if most of it is there.
          if (available >= header.length / 2) this.countFrame(header);
          else this.addJunk(available);
          position += available;
          break;
        }
        this.countFrame(header);
        position += header.length;
      }
    }
    return position;
  }

  private countFrame(header: FrameHeader): void {
    this.frames++;
    this.samples += header.samples;
  }
}

/** Reads a whole MP3 held in memory (see Mp3Scanner). */
export function scanMp3(bytes: Uint8Array): Mp3ScanResult {
  const scanner = new Mp3Scanner();
  scanner.push(bytes);
  return scanner.finish();
}

/** The MP3's frames, or null when the bytes are not MP3. */
export function readMp3(bytes: Uint8Array): Mp3Info | null {
  return scanMp3(bytes).info;
}

function confirmsChain(bytes: Uint8Array, offset: number, header: FrameHeader, final: boolean): boolean {
  let position = offset + header.length;
  for (let confirmed = 1; confirmed < CONFIRM_FRAMES; confirmed++) {
    // A file that ends exactly after its frames is a short but whole MP3.
    if (final && position === bytes.length) return true;
    const next = readFrameHeader(bytes, position);
    if (!next || next.sampleRate !== header.sampleRate) return false;
    position += next.length;
  }
  return true;
}
