import type { ComponentProps, ReactNode } from 'react';
import { Field } from './field.tsx';

export type TextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'id'> & {
  label: ReactNode;
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
};

/** A multi-line text box with its label, an optional hint and an error message. */
export function TextAreaField({ label, hideLabel, hint, error, className, rows = 4, ...textarea }: TextAreaFieldProps) {
  return (
    <Field label={label} hideLabel={hideLabel} hint={hint} error={error} className={className} describedBy={textarea['aria-describedby']}>
      {(control) => <textarea rows={rows} {...textarea} {...control} className="vk-field__control vk-field__control--multiline" />}
    </Field>
  );
}
