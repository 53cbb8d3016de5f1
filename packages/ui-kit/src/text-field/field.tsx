import './field.css';
import { useId, type ReactNode } from 'react';
import { classNames } from '../internal/class-names.ts';
import { AlertIcon } from '../internal/icons.tsx';

export type FieldProps = {
  label: ReactNode;
  /** Kept for screen readers but not shown, where the context already says what the field is. */
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
  className?: string;
  /** Renders the control, given the ids and ARIA state to put on it. */
  children: (control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
  describedBy?: string;
};

/** Label, hint and error around one control, wired together for assistive technology. */
export function Field({ label, hideLabel, hint, error, className, children, describedBy }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedByIds = [hint ? hintId : null, error ? errorId : null, describedBy].filter(Boolean).join(' ');
  return (
    <div className={classNames('vk-field', error ? 'vk-field--invalid' : null, className)}>
      <label htmlFor={id} className={classNames('vk-field__label', hideLabel && 'vk-visually-hidden')}>
        {label}
      </label>
      {hint ? (
        <div id={hintId} className="vk-field__hint">
          {hint}
        </div>
      ) : null}
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(describedByIds ? { 'aria-describedby': describedByIds } : {}),
      })}
      {error ? (
        <p id={errorId} className="vk-field__error">
          <AlertIcon width={16} height={16} />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
