import { useId, type ReactNode } from 'react';

export type SwitchFieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
};

/**
 * An on/off setting: a native checkbox with the switch role, so the keyboard, forms and
 * screen readers treat it as one ("on"/"off"), styled as a switch. The whole row is the
 * touch target.
 */
export function SwitchField({ label, hint, checked, disabled, onChange }: SwitchFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="switch-field">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch-field__input"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <label htmlFor={id} className="switch-field__label">
        <span className="switch-field__text">{label}</span>
        {hint ? (
          <span id={hintId} className="switch-field__hint">
            {hint}
          </span>
        ) : null}
      </label>
    </div>
  );
}
