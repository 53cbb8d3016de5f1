import './level-meter.css';
import { classNames } from '../internal/class-names.ts';

export type LevelMeterProps = {
  /** 0 (silence) to 1 (full scale); values outside are clamped. */
  value: number;
  label?: string;
  /** How many segments the meter is drawn with. */
  segments?: number;
  className?: string;
};

/** Above this share of full scale the top segments turn red: the input is close to clipping. */
const HOT = 0.85;

/** A microphone input level, drawn as lit segments and exposed as an ARIA meter. */
export function LevelMeter({ value, label = 'Microphone level', segments = 24, className }: LevelMeterProps) {
  const level = Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
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
          data-hot={index >= Math.floor(segments * HOT) || undefined}
        />
      ))}
    </div>
  );
}
