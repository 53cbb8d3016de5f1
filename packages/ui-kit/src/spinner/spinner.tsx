import './spinner.css';
import { SPINNER_BORDER_PX, SPINNER_SIZES, type SpinnerSize } from '@vocal/settings-model';
import { classNames } from '../internal/class-names.ts';

export type SpinnerProps = {
  /** 24 px by default, 20 px `sm`, 16 px `xs` (spec section 9). */
  size?: SpinnerSize;
  /** What is loading, read out by screen readers. */
  label?: string;
  /**
   * Inside something that already says it is busy (a button with a loading label), the
   * spinner is only a picture and is hidden from assistive technology.
   */
  decorative?: boolean;
  className?: string;
};

export function Spinner({ size = 'base', label = 'Loading', decorative = false, className }: SpinnerProps) {
  const pixels = `${SPINNER_SIZES[size]}px`;
  return (
    <span
      className={classNames('vk-spinner', className)}
      data-size={size}
      style={{ width: pixels, height: pixels, borderWidth: `${SPINNER_BORDER_PX}px` }}
      {...(decorative ? { 'aria-hidden': true } : { role: 'status', 'aria-label': label })}
    />
  );
}
