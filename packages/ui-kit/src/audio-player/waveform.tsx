import { useId, useMemo, useState } from 'react';
import { resamplePeaks } from './resample-peaks.ts';
import { useElementWidth } from './use-element-width.ts';

export type WaveformProps = {
  peaks: readonly number[];
  /** 0..1: how much has played, drawn in the primary colour. */
  progress: number;
  /** Height in CSS pixels. */
  height?: number;
};

const BAR_WIDTH = 3;
const BAR_GAP = 2;
const MIN_BAR_HEIGHT = 3;
/** Until the width is known (and in tests) the waveform is drawn with this many bars, stretched. */
const FALLBACK_BARS = 64;

/**
 * Bars drawn from the peaks, as many as fit the width. The played part is the same bars again
 * in the primary colour, clipped at the progress, so progress moves smoothly within a bar.
 */
export function Waveform({ peaks, progress, height = 48 }: WaveformProps) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const width = useElementWidth(element);
  const count = width > 0 ? Math.max(8, Math.floor((width + BAR_GAP) / (BAR_WIDTH + BAR_GAP))) : FALLBACK_BARS;
  const bars = useMemo(() => resamplePeaks(peaks, count), [peaks, count]);
  const viewWidth = count * (BAR_WIDTH + BAR_GAP) - BAR_GAP;
  const clipId = `vk-waveform-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const played = Math.min(1, Math.max(0, progress)) * viewWidth;

  const shapes = bars.map((peak, index) => {
    const barHeight = Math.max(MIN_BAR_HEIGHT, peak * height);
    return (
      <rect
        key={index}
        x={index * (BAR_WIDTH + BAR_GAP)}
        y={(height - barHeight) / 2}
        width={BAR_WIDTH}
        height={barHeight}
        rx={BAR_WIDTH / 2}
      />
    );
  });

  return (
    <div ref={setElement} className="vk-waveform" style={{ height }}>
      <svg
        width="100%"
        height={height}
        viewBox={`0 0 ${viewWidth} ${height}`}
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        <defs>
          <clipPath id={clipId}>
            <rect x={0} y={0} width={played} height={height} />
          </clipPath>
        </defs>
        <g className="vk-waveform__track">{shapes}</g>
        <g className="vk-waveform__played" clipPath={`url(#${clipId})`}>
          {shapes}
        </g>
      </svg>
    </div>
  );
}
