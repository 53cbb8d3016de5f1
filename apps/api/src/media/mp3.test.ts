import { concatBytes, encodeMp3, junkBytes, makeMp3, tonePcm } from '@vocal/test-fixtures';
import { describe, expect, it } from 'vitest';
import { MAX_JUNK_BYTES, Mp3Scanner, readMp3, scanMp3 } from './mp3.ts';

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

describe('scanMp3: the whole file counts', () => {
  it('refuses a real MP3 followed by much more than a tag of junk', async () => {
    const result = scanMp3(concatBytes(await makeMp3(3), junkBytes(200 * 1024)));
    expect(result.info?.durationSeconds).toBeGreaterThan(2.99);
    expect(result.problem).toBe('junk');
  });

  it('tolerates an ID3v1 tag and a little padding at the end', async () => {
    const id3v1 = concatBytes(new TextEncoder().encode('TAG'), new Uint8Array(125));
    const result = scanMp3(concatBytes(await makeMp3(3), id3v1, junkBytes(1000)));
    expect(result.problem).toBeNull();
    expect(result.junkBytes).toBe(1128);
  });

  it('counts a second stream hidden after junk toward the duration', async () => {
    const mp3 = await makeMp3(3);
    const result = scanMp3(concatBytes(mp3, junkBytes(500), mp3, mp3));
    expect(result.problem).toBeNull();
    expect(result.info!.durationSeconds).toBeGreaterThan(8.9);
  });

  it('refuses junk between two streams beyond the tolerance', async () => {
    const mp3 = await makeMp3(1);
    expect(scanMp3(concatBytes(mp3, junkBytes(MAX_JUNK_BYTES + 1), mp3)).problem).toBe('junk');
  });

  it('skips a large ID3v2 tag that spans many chunks', async () => {
    const size = 300 * 1024;
    const header = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
    const file = concatBytes(header, junkBytes(size), await makeMp3(2));
    const whole = scanMp3(file);
    expect(whole.problem).toBeNull();
    expect(whole.info!.durationSeconds).toBeGreaterThan(1.95);
    const scanner = new Mp3Scanner();
    for (let offset = 0; offset < file.length; offset += 65_536) scanner.push(file.subarray(offset, offset + 65_536));
    expect(scanner.finish()).toEqual(whole);
  });

  it('refuses a leading ID3v2 tag larger than a megabyte', async () => {
    const size = 2 * 1024 * 1024;
    const header = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
    expect(scanMp3(concatBytes(header, new Uint8Array(size), await makeMp3(1))).info).toBeNull();
  });

  it('reads the same in small chunks as whole, and stops early on junk', async () => {
    const mp3 = concatBytes(await makeMp3(2), junkBytes(3000), await makeMp3(1));
    const whole = scanMp3(mp3);
    for (const size of [777, 20_000, 65_536]) {
      const scanner = new Mp3Scanner();
      // One buffer, reused for every chunk as a file reader does: nothing of it may be kept.
      const reused = new Uint8Array(size);
      for (let offset = 0; offset < mp3.length; offset += size) {
        const chunk = mp3.subarray(offset, offset + size);
        reused.set(chunk);
        scanner.push(reused.subarray(0, chunk.length));
        reused.fill(0xff);
      }
      expect(scanner.finish()).toEqual(whole);
    }

    const junky = new Mp3Scanner();
    junky.push(await makeMp3(1));
    junky.push(junkBytes(MAX_JUNK_BYTES + LOOKAHEAD_MARGIN));
    expect(junky.rejected).toBe(true);
  });
});

const LOOKAHEAD_MARGIN = 16 * 1024;
