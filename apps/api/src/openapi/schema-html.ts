import { escapeHtml } from '../http/html-escaping.ts';
import type { JsonSchema } from './json-schema-of.ts';

export const COMPONENT_PREFIX = '#/components/schemas/';

/** The anchor of a named schema on the reference page. */
export const schemaAnchor = (name: string) => `schema-${name}`;

/** A link to a named schema, or the reference as text when it points elsewhere. */
function referenceHtml(reference: string): string {
  if (!reference.startsWith(COMPONENT_PREFIX)) return `<code>${escapeHtml(reference)}</code>`;
  const name = reference.slice(COMPONENT_PREFIX.length);
  return `<a href="#${escapeHtml(schemaAnchor(name))}">${escapeHtml(name)}</a>`;
}

/** The limits a schema puts on its value, in words a reader scans: "1–200 characters", "uuid". */
function constraintsOf(schema: JsonSchema): string[] {
  const said: string[] = [];
  const range = (low: unknown, high: unknown, unit: string) => {
    if (typeof low === 'number' && typeof high === 'number') said.push(`${low}–${high} ${unit}`);
    else if (typeof low === 'number') said.push(`at least ${low} ${unit}`);
    else if (typeof high === 'number') said.push(`at most ${high} ${unit}`);
  };
  range(schema.minLength, schema.maxLength, 'characters');
  range(schema.minItems, schema.maxItems, 'items');
  // zod bounds every integer by the safe range; that is no limit a reader needs to hear about.
  const bound = (value: unknown) => (typeof value === 'number' && Math.abs(value) < Number.MAX_SAFE_INTEGER ? value : undefined);
  const minimum = bound(schema.minimum);
  const maximum = bound(schema.maximum);
  if (minimum !== undefined && maximum !== undefined) said.push(`${minimum} to ${maximum}`);
  else if (minimum !== undefined) said.push(`at least ${minimum}`);
  else if (maximum !== undefined) said.push(`at most ${maximum}`);
  if (typeof schema.format === 'string') said.push(schema.format);
  if (typeof schema.contentMediaType === 'string') said.push(schema.contentMediaType);
  if (schema.default !== undefined) said.push(`default ${JSON.stringify(schema.default)}`);
  return said;
}

/** One line saying what a value is: a type, a link to a named schema, or the choices. */
export function typeHtml(schema: JsonSchema): string {
  if (typeof schema.$ref === 'string') return referenceHtml(schema.$ref);
  if (schema.const !== undefined) return `<code>${escapeHtml(JSON.stringify(schema.const))}</code>`;
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => `<code>${escapeHtml(JSON.stringify(value))}</code>`).join(' | ');
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(alternatives)) return alternatives.map(typeHtml).join(' or ');
  if (Array.isArray(schema.allOf)) return (schema.allOf as JsonSchema[]).map(typeHtml).join(' and ');
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : typeof schema.type === 'string' ? schema.type : 'any';
  let text = escapeHtml(type);
  if (type === 'array' && schema.items && typeof schema.items === 'object') text = `array of ${typeHtml(schema.items as JsonSchema)}`;
  if (type === 'object' && !schema.properties && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    text = `map of ${typeHtml(schema.additionalProperties as JsonSchema)}`;
  }
  const constraints = constraintsOf(schema);
  return constraints.length > 0 ? `${text} <span class="constraints">(${escapeHtml(constraints.join(', '))})</span>` : text;
}

/**
 * A schema as a reader wants it: an object's fields as a table (name, type, required, what it
 * is), nested objects as tables of their own; anything else as its one-line type.
 */
export function schemaHtml(schema: JsonSchema, depth = 0): string {
  const description = typeof schema.description === 'string' ? `<p>${escapeHtml(schema.description)}</p>` : '';
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (!properties || depth > 4) return `${description}<p class="type">${typeHtml(schema)}</p>`;
  const required = new Set((schema.required ?? []) as string[]);
  // Most fields are described by their name and type; the column appears only when one says more.
  const withAbout = Object.values(properties).some((property) => typeof property.description === 'string');
  const rows = Object.entries(properties).map(([name, property]) => {
    const nested = property.properties ? schemaHtml(property, depth + 1) : '';
    const itemsNested =
      property.type === 'array' && (property.items as JsonSchema | undefined)?.properties
        ? schemaHtml(property.items as JsonSchema, depth + 1)
        : '';
    const about = withAbout ? `<td>${typeof property.description === 'string' ? escapeHtml(property.description) : ''}</td>` : '';
    const type = nested || itemsNested ? (property.type === 'array' ? 'array of objects' : 'object') : typeHtml(property);
    return `<tr><th scope="row"><code>${escapeHtml(name)}</code></th><td>${type}${nested}${itemsNested}</td><td>${required.has(name) ? 'yes' : 'no'}</td>${about}</tr>`;
  });
  const aboutHeader = withAbout ? '<th scope="col">about</th>' : '';
  return `${description}<table class="fields"><thead><tr><th scope="col">field</th><th scope="col">type</th><th scope="col">required</th>${aboutHeader}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}
