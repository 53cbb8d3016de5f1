/** Joins the class names that are set, so conditional modifiers read as one expression. */
export function classNames(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
