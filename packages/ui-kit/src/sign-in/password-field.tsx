import './password-field.css';
import { useState } from 'react';
import { Field } from '../text-field/field.tsx';
import type { TextFieldProps } from '../text-field/text-field.tsx';

export type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/**
 * A password input with a Show/Hide button: people type long passphrases on phones, and
 * seeing what they typed beats retyping it in a second field. The button says its state with
 * aria-pressed and keeps the label "Show password", so a screen reader hears "pressed".
 */
export function PasswordField({ label, hideLabel, hint, error, className, ...input }: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <Field label={label} hideLabel={hideLabel} hint={hint} error={error} className={className} describedBy={input['aria-describedby']}>
      {(control) => (
        <div className="vk-password">
          <input
            {...input}
            {...control}
            type={shown ? 'text' : 'password'}
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            className="vk-field__control vk-password__input"
          />
          <button
            type="button"
            className="vk-password__toggle"
            aria-pressed={shown}
            aria-controls={control.id}
            onClick={() => setShown((value) => !value)}
          >
            <span aria-hidden="true">{shown ? 'Hide' : 'Show'}</span>
            <span className="vk-visually-hidden">Show password</span>
          </button>
        </div>
      )}
    </Field>
  );
}
