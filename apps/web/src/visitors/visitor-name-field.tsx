import { TextField } from '@vocal/ui-kit';

/**
 * The optional name a visitor signs a reply, comment or collected message with: the same
 * label, autofill and hint wherever a visitor is asked, so the owner sees names alike.
 */
export function VisitorNameField({ value, onChange, hint = 'Optional' }: { value: string; onChange(value: string): void; hint?: string }) {
  return (
    <TextField
      label="Your name"
      name="name"
      autoComplete="name"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      hint={hint}
    />
  );
}
