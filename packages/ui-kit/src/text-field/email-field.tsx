import { TextField, type TextFieldProps } from './text-field.tsx';

export type EmailFieldProps = Omit<TextFieldProps, 'type' | 'label'> & { label?: TextFieldProps['label'] };

/** An email address field: the browser's email keyboard and autofill, labelled "Email" unless told otherwise. */
export function EmailField({ label = 'Email', ...field }: EmailFieldProps) {
  return <TextField label={label} type="email" name="email" autoComplete="email" inputMode="email" {...field} />;
}
