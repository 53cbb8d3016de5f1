import './level-meter.css';
import { classNames } from '../internal/class-names.ts';

export type LevelMeterProps = {
  /** 0 (silence, -60 dBFS) to 1 (full scale, 0 dBFS); values outside are clamped. */
  value: number;
  label?: string;
  /** How many segments the meter is drawn with. */
  segments?: number;
  className?: string;
};

/**
 * From here up the segments turn red. Values are on the recorder's dBFS scale (levelFromPeak:
 * -60 dBFS is 0, 0 dBFS is 1) of the input's RMS, so 0.95 is -3 dBFS RMS: only a voice that is
 * clipping all the time gets there. Normal speech (about -30 to -12 dBFS) stays blue; the old
 * threshold of 0.85 on peaks lit red at an ordinary speaking voice.
 */
export const LEVEL_METER_HOT = 0.95;

/** How many segments a meter has unless told otherwise. */
export const LEVEL_METER_SEGMENTS = 24;

/**
 * A level rounded to what a meter of `segments` can show. A live level arrives 25 times a second
 * and differs every time; held in state as it comes, it redrew the meter (and its ARIA value,
 * which assistive technology is told of) at every reading. Held as the step the meter shows,
 * React skips every reading that would light the same segments.
 */
export function levelStep(value: number, segments = LEVEL_METER_SEGMENTS): number {
  return Math.round(clampedLevel(value) * segments) / segments;
}

/** 0..1, with anything else (out of range, NaN) taken as the nearest end or silence. */
const clampedLevel = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);

/** A microphone input level, drawn as lit segments and exposed as an ARIA meter. */
export function LevelMeter({ value, label = 'Microphone level', segments = LEVEL_METER_SEGMENTS, className }: LevelMeterProps) {
  const level = clampedLevel(value);
  const percent = Math.round(level * 100);
  const lit = Math.round(level * segments);
  return (
    <div
      className={classNames('vk-level-meter', className)}
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%`}
    >
      {Array.from({ length: segments }, (_, index) => (
        <span
          key={index}
          className="vk-level-meter__segment"
          data-lit={index < lit || undefined}
          data-hot={(index + 1) / segments > LEVEL_METER_HOT || undefined}
        />
      ))}
    </div>
  );
}
