import { badRequest } from './http-error.ts';

// PostgreSQL cannot store U+0000 in text at all, so it is refused (naming the field) rather
// than reaching the database as a 500. Other C0 controls and DEL are invisible, break mail
// headers and logs, and never belong in a name or a message: they are dropped. Tab, line feed
// and carriage return are text.
const NUL = '\u0000';
// Bidi embeddings, overrides and isolates (U+202A–202E, U+2066–2069) reorder what follows them
// ("invoice \u202egnp.exe" reads "invoice exe.png") in titles, mail subjects and link previews;
// zero-width spaces and joiners, the word joiner and the byte-order mark (U+200B–200D, U+2060,
// U+FEFF) hide inside names so two look alike. None belongs in what a person types here.
const INVISIBLE_CONTROLS =
  // eslint-disable-next-line no-control-regex -- matching these characters is the point
  /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b-\u200d\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;
// No input of ours nests deeper than a few levels; a limit keeps the walk off the stack's edge.
const MAX_DEPTH = 32;

/**
 * `value` (parsed JSON, a query or a form) with control characters dropped from every string,
 * keys included; 400 naming the field when a string holds a NUL byte. `where` prefixes the
 * field's path ("query.name", "context.email"); undefined for a request body.
 */
export function cleanText(value: unknown, where?: string): unknown {
  return clean(value, where ? [where] : []);
}

function clean(value: unknown, path: string[]): unknown {
  if (path.length > MAX_DEPTH) throw badRequest('The input is nested too deeply');
  if (typeof value === 'string') {
    if (value.includes(NUL)) {
      const field = path.join('.');
      throw badRequest(`${field ? `${field}: ` : ''}must not contain a NUL character (\\u0000)`);
    }
    return value.replace(INVISIBLE_CONTROLS, '');
  }
  if (Array.isArray(value)) return value.map((item, index) => clean(item, [...path, String(index)]));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [clean(key, [...path, key]) as string, clean(item, [...path, key])]),
    );
  }
  return value;
}
