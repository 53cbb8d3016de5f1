import type { ComponentProps, ReactNode } from 'react';
import { Field } from './field.tsx';

export type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: ReactNode;
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
};

/** A one-line text input with its label, an optional hint and an error message. */
export function TextField({ label, hideLabel, hint, error, className, ...input }: TextFieldProps) {
  return (
    <Field label={label} hideLabel={hideLabel} hint={hint} error={error} className={className} describedBy={input['aria-describedby']}>
      {(control) => <input type="text" {...input} {...control} className="vk-field__control" />}
    </Field>
  );
}
