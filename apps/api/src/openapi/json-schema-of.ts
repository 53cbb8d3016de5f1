import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) of what travels on the wire for
 * `schema`: its input side, because a request body is what the route parses and an answer is
 * what the API client parses, so both are the input of a zod schema. Transforms and defaults
 * then describe what is sent, not what the parser makes of it. A part JSON Schema cannot say
 * (a refinement) is left open rather than refused.
 *
 * A recursive schema comes back with its own `$defs`: they are returned apart, named
 * `{owner}_{name}`, with every `$ref` to them pointing into the document's components, so that
 * they resolve from the document's root.
 */
export function jsonSchemaOf(schema: z.ZodType, owner: string): { schema: JsonSchema; definitions: Record<string, JsonSchema> } {
  const converted = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const { $schema: _dialect, $defs: found, ...rest } = converted;
  const definitions = (found ?? {}) as Record<string, JsonSchema>;
  const moved = new Map(Object.keys(definitions).map((name) => [`#/$defs/${name}`, `#/components/schemas/${owner}_${name}`]));
  return {
    schema: rewriteReferences(rest, moved) as JsonSchema,
    definitions: Object.fromEntries(
      Object.entries(definitions).map(([name, definition]) => [`${owner}_${name}`, rewriteReferences(definition, moved) as JsonSchema]),
    ),
  };
}

function rewriteReferences(value: unknown, moved: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteReferences(item, moved));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' ? (moved.get(inner) ?? inner) : rewriteReferences(inner, moved),
    ]),
  );
}
