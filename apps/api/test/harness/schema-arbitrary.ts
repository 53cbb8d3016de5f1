import fc from 'fast-check';
import { z } from 'zod';

/** The part of JSON Schema that zod's toJSONSchema writes for our input schemas. */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
};

/** Strings and numbers that have broken parsers, databases and loggers before. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uFFFF\uFFFE',
  '\u202Eevil',
  'e\u0301\u0301\u0301',
  '😀'.repeat(300),
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '\r\nSet-Cookie: x=1',
  'x'.repeat(5000),
  'y'.repeat(100_000),
  'null',
  'undefined',
  '__proto__',
  'NaN',
  '-1',
  '1e309',
];
const NASTY_NUMBERS = [0, -0, -1, 1.5, -1e308, 1e308, Number.MAX_SAFE_INTEGER + 2, -(2 ** 31) - 1, 2 ** 63, 5e-324];

function deepNesting(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let index = 0; index < depth; index++) value = index % 2 ? [value] : { a: value };
  return value;
}

/** A value of any JSON type that a careless handler would not expect where it is. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...NASTY_NUMBERS, true, false, null, [], {}) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(deepNesting(64), deepNesting(2000), JSON.parse('{"__proto__":{"admin":true}}') as unknown) },
);

function regexArbitrary(pattern: string): fc.Arbitrary<string> | null {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return null;
  }
}

/** Addresses our email check takes: fast-check's own are valid by RFC 5322 but mostly unusual. */
const plainEmail = fc
  .tuple(fc.stringMatching(/^[a-z0-9][a-z0-9.+_-]{0,14}[a-z0-9]$/), fc.constantFrom('example.com', 'example.org', 'mail.example.net'))
  .map(([local, domain]) => `${local}@${domain}`);

function stringArbitrary(schema: JsonSchema, key: string): fc.Arbitrary<string> {
  if (schema.pattern) {
    const matching = regexArbitrary(schema.pattern);
    if (matching) return matching;
  }
  if (schema.format === 'uuid') return fc.uuid();
  // zod's email is a pipe whose input side is a plain string: the field's name tells.
  if (schema.format === 'email' || /email/i.test(key)) {
    return fc.oneof({ weight: 4, arbitrary: plainEmail }, { weight: 1, arbitrary: fc.emailAddress() });
  }
  if (schema.format === 'date-time') {
    return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString());
  }
  const minLength = schema.minLength ?? 0;
  // Long strings come from the nasty values; schema-shaped ones stay short so they look real.
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ unit: 'grapheme', minLength, maxLength }),
    fc.emailAddress().filter((email) => email.length >= minLength && email.length <= (schema.maxLength ?? Infinity)),
  );
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 1e-6) : -1e6);
  const high = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 1e-6) : 1e6);
  if (integer) return fc.integer({ min: Math.ceil(low), max: Math.floor(high) });
  return fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
}

function fromJsonSchema(schema: JsonSchema, depth: number, key = ''): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => fromJsonSchema(alternative, depth, key)));
  if (schema.allOf?.length) return fromJsonSchema(Object.assign({}, ...schema.allOf) as JsonSchema, depth, key);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArbitrary(schema, key);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 4
        ? fc.constant([])
        : fc.array(schema.items ? fromJsonSchema(schema.items, depth + 1) : fc.jsonValue({ maxDepth: 1 }), {
            minLength: schema.minItems ?? 0,
            maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 6, 6)),
          });
    case 'object': {
      if (!schema.properties || depth > 4)
        return fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 });
      const model = Object.fromEntries(
        Object.entries(schema.properties).map(([name, value]) => [name, fromJsonSchema(value, depth + 1, name)]),
      );
      return fc.record(model, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values shaped by `schema` (its input side): mostly valid, as a real client would send. */
export function shapedBy(schema: z.ZodType): fc.Arbitrary<unknown> {
  return fromJsonSchema(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema, 0);
}

/**
 * Values shaped by `schema` with something wrong: one field given a nasty value of any type,
 * a required field dropped, or an unknown field added. Non-objects are replaced outright.
 */
export function mutatedFrom(schema: z.ZodType): fc.Arbitrary<unknown> {
  return fc.tuple(shapedBy(schema), fc.nat(), nastyValue, fc.constantFrom('replace', 'drop', 'add')).map(([value, pick, nasty, how]) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return nasty;
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(copy);
    if (how === 'add' || keys.length === 0) copy[`unexpected${pick % 5}`] = nasty;
    else if (how === 'drop') delete copy[keys[pick % keys.length]!];
    else copy[keys[pick % keys.length]!] = nasty;
    return copy;
  });
}
