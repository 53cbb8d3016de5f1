import './button.css';
import { useEffect, useRef, useState, type ComponentProps, type MouseEvent, type ReactNode } from 'react';
import { BUTTON_DEFAULTS, type SpinnerSize } from '@vocal/settings-model';
import { classNames } from '../internal/class-names.ts';
import { Spinner } from '../spinner/spinner.tsx';

export type ButtonSize = 'sm' | 'base' | 'lg';
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export type ButtonProps = Omit<ComponentProps<'button'>, 'onClick'> & {
  size?: ButtonSize;
  variant?: ButtonVariant;
  /** Busy because of work the button did not start itself (a form submitting elsewhere). */
  loading?: boolean;
  /** Shown beside the spinner while busy. */
  loadingLabel?: string;
  /** An icon before the label. */
  icon?: ReactNode;
  /** Stretch to the width of the container. */
  block?: boolean;
  /**
   * May return a promise: until it settles the button is busy and ignores further clicks.
   * A rejection is not swallowed; handle expected failures inside the handler.
   */
  onClick?: (event: MouseEvent<HTMLButtonElement>) => unknown;
};

const spinnerSizes: Record<ButtonSize, SpinnerSize> = { sm: 'xs', base: 'xs', lg: 'sm' };

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as PromiseLike<unknown>).then === 'function';
}

/**
 * The busy-capable button (spec section 2). While busy it stays focusable (aria-disabled
 * rather than disabled) so a keyboard user's focus is not thrown back to the page.
 */
export function Button({
  size = BUTTON_DEFAULTS.size,
  variant = BUTTON_DEFAULTS.variant,
  loading = false,
  loadingLabel = 'Loading…',
  icon,
  block = false,
  disabled = false,
  type = 'button',
  className,
  children,
  onClick,
  ...rest
}: ButtonProps) {
  const [pending, setPending] = useState(false);
  // State updates land after the click, so a second click in the same frame needs a ref to be stopped.
  const pendingRef = useRef(false);
  const mountedRef = useRef(true);
  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
    };
  }, []);

  const busy = pending || loading;
  const frozen = busy || disabled;

  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (frozen || pendingRef.current) {
      // Also stops a busy submit button from submitting its form a second time.
      event.preventDefault();
      return;
    }
    const result = onClick?.(event);
    if (!isThenable(result)) return;
    pendingRef.current = true;
    setPending(true);
    const settle = () => {
      pendingRef.current = false;
      if (mountedRef.current) setPending(false);
    };
    result.then(settle, (error: unknown) => {
      settle();
      // Rethrown so it reaches the app's unhandled-rejection reporting instead of vanishing.
      throw error;
    });
  };

  return (
    <button
      {...rest}
      type={type}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      data-busy={busy || undefined}
      className={classNames('vk-button', `vk-button--${variant}`, `vk-button--${size}`, block && 'vk-button--block', className)}
      onClick={handleClick}
    >
      {/* Both layers always render in the same grid cell, so going busy never changes the size. */}
      <span className="vk-button__layer vk-button__content" aria-hidden={busy || undefined}>
        {icon}
        {children}
      </span>
      <span className="vk-button__layer vk-button__busy" aria-hidden={!busy || undefined}>
        <Spinner size={spinnerSizes[size]} decorative />
        {loadingLabel}
      </span>
    </button>
  );
}
