import { crc32, deflateSync } from 'node:zlib';
import type { Rgb } from '@vocal/settings-model';

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const COLOUR_TYPE_INDEXED = 3;
/** Each row after the first is stored as its difference from the row above: rows through a bar repeat, and compress to almost nothing. */
const FILTER_UP = 2;

function chunk(type: string, data: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(12 + data.length);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, data.length);
  bytes.set(Buffer.from(type, 'latin1'), 4);
  bytes.set(data, 8);
  view.setUint32(8 + data.length, crc32(bytes.subarray(4, 8 + data.length)));
  return bytes;
}

/** Where a column of pixels changes: from `row` down, until its next step, it is palette colour `index`. */
export type ColumnStep = { row: number; index: number };

/**
 * A PNG of palette indices (8 bits, at most 256 colours), as the PNG specification lays one out,
 * of a picture given column by column as the rows where its colour changes; every column starts
 * as colour 0. Bars, stripes and flat fields change in a few rows each, and each row is stored
 * as its difference from the row above (PNG's "Up" filter), so only those rows hold anything
 * but zeros: the picture is encoded without visiting each of its pixels. `steps[x]` are column
 * x's changes, in row order.
 */
export function encodeColumnStepsPng(
  width: number,
  height: number,
  palette: readonly Rgb[],
  steps: readonly (readonly ColumnStep[])[],
): Uint8Array {
  if (palette.length === 0 || palette.length > 256) throw new RangeError('A PNG palette holds 1 to 256 colours');
  const header = new Uint8Array(13);
  const headerView = new DataView(header.buffer);
  headerView.setUint32(0, width);
  headerView.setUint32(4, height);
  header.set([8, COLOUR_TYPE_INDEXED, 0, 0, 0], 8);

  const stride = width + 1;
  const rows = new Uint8Array(stride * height);
  for (let y = 1; y < height; y++) rows[y * stride] = FILTER_UP;
  for (let x = 0; x < Math.min(width, steps.length); x++) {
    let above = 0;
    for (const { row, index } of steps[x]!) {
      if (row < 0 || row >= height) continue;
      // Row 0 has no row above: it holds the index itself.
      rows[row * stride + 1 + x] = row === 0 ? index : (index - above) & 0xff;
      above = index;
    }
  }

  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', Uint8Array.from(palette.flatMap(({ r, g, b }) => [r, g, b]))),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
