import { DEFAULT_WAVEFORM_IMAGE, waveformBars } from '@vocal/settings-model';

export type WaveformImageOptions = {
  width?: number;
  height?: number;
  /** Bar colour, any CSS colour. */
  colour?: string;
  /** Background colour; null for transparent. */
  background?: string | null;
};

export { DEFAULT_WAVEFORM_IMAGE, waveformBars, type WaveformBar } from '@vocal/settings-model';

type Canvas2d = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

function paint(context: Canvas2d, peaks: readonly number[], width: number, height: number, options: WaveformImageOptions) {
  const background = options.background === undefined ? DEFAULT_WAVEFORM_IMAGE.background : options.background;
  if (background) {
    context.fillStyle = background;
    context.fillRect(0, 0, width, height);
  }
  context.fillStyle = options.colour ?? DEFAULT_WAVEFORM_IMAGE.colour;
  for (const bar of waveformBars(peaks, width, height)) context.fillRect(bar.x, bar.y, bar.width, bar.height);
}

/**
 * The waveform as a PNG Blob, drawn on an OffscreenCanvas where there is one (workers, modern
 * browsers), else on a detached canvas element.
 */
export async function drawWaveformPng(peaks: readonly number[], options: WaveformImageOptions = {}): Promise<Blob> {
  const width = Math.round(options.width ?? DEFAULT_WAVEFORM_IMAGE.width);
  const height = Math.round(options.height ?? DEFAULT_WAVEFORM_IMAGE.height);
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (context) {
      paint(context, peaks, width, height, options);
      return canvas.convertToBlob({ type: 'image/png' });
    }
  }
  if (typeof document === 'undefined') throw new Error('No canvas to draw the waveform on');
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No canvas to draw the waveform on');
  paint(context, peaks, width, height, options);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No blob result'))), 'image/png'),
  );
}
