/**
 * The server names the field it refuses ("password: must be at least 10 characters"); the
 * forms show that on the field itself, with the field's own word in front. Anything else is
 * a message about the whole form.
 */
export function fieldErrorOf<Field extends string>(
  message: string,
  labels: Record<Field, string>,
): Partial<Record<Field | 'form', string>> {
  const errors: Partial<Record<Field | 'form', string>> = {};
  const field = (Object.keys(labels) as Field[]).find((name) => message.startsWith(`${name}: `));
  if (field) errors[field] = `${labels[field]} ${message.slice(field.length + 2)}`;
  else errors.form = message;
  return errors;
}
