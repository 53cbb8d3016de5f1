import { APP_VERSION } from '@vocal/settings-model';
import { jsonSchemaOf, type JsonSchema } from './json-schema-of.ts';
import { OPENAPI_SCHEMAS, type SchemaName } from './openapi-schemas.ts';
import {
  securityOf,
  TAG_DESCRIPTIONS,
  TAGS,
  type Answer,
  type MultipartForm,
  type RouteDescription,
  type RouteSecurity,
  type SchemaReference,
  type Tag,
} from './route-description.ts';
import { routeDescriptionsOf } from './described.ts';

export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
};

export type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
};

export type Parameter = { name: string; in: 'path' | 'query' | 'header'; required: boolean; description?: string; schema: JsonSchema };

/** Hono's `:name` and a trailing `*` (the rest of the path), as OpenAPI's `{name}` and `{path}`. */
export function openApiPathOf(honoPath: string): { path: string; parameters: string[] } {
  const parameters: string[] = [];
  const path = honoPath
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) {
        // A parameter may carry its pattern (`:id{[0-9]+}`); the document names it only.
        const name = segment.slice(1).replace(/\{.*\}$/, '');
        parameters.push(name);
        return `{${name}}`;
      }
      if (segment === '*') {
        parameters.push('path');
        return '{path}';
      }
      return segment;
    })
    .join('/');
  return { path, parameters };
}

const SECURITY: Record<RouteSecurity, Record<string, string[]>[]> = {
  none: [],
  bearer: [{ bearer: [] }],
  // The empty requirement is OpenAPI's way of saying "or nothing at all".
  'optional-bearer': [{}, { bearer: [] }],
  admin: [{ adminToken: [] }],
  metrics: [{ metricsToken: [] }],
};

/** The refusals every route of a kind answers, so that each description lists only its own. */
function commonRefusals(description: RouteDescription): Record<number, string> {
  const refusals: Record<number, string> = {};
  const security = securityOf(description);
  if (security === 'bearer') refusals[401] = 'No token, or a malformed, expired or revoked one';
  if (security === 'admin') refusals[403] = 'Not from this machine, or the admin token is missing or wrong';
  if (security === 'metrics') refusals[401] = 'The bearer token is missing or is not METRICS_TOKEN';
  if (description.query) refusals[400] = 'The query does not match its schema (the message names the parameter)';
  if (description.body && 'json' in description.body) {
    refusals[400] = 'The body is not valid JSON or does not match its schema (the message names the field)';
    refusals[413] = 'The body is too large';
    refusals[415] = 'The body is not JSON (Content-Type: application/json)';
  }
  if (description.body && 'multipart' in description.body) refusals[400] = 'The body is not the multipart form described';
  return refusals;
}

const operationIdOf = (method: string, path: string) =>
  method.toLowerCase() +
  path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/**
 * The OpenAPI 3.1 document of the server, built from the routes' descriptions and the zod schemas
 * they name: nothing in it is written twice, so a schema change is a document change.
 */
export function buildOpenApiDocument(options: {
  publicUrl: string;
  /** The app's route table (Hono's `app.routes`), where routes carry their descriptions. */
  routes: readonly { method: string; path: string; handler: unknown }[];
}): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = {};
  const addDefinitions = (definitions: Record<string, JsonSchema>) => Object.assign(schemas, definitions);

  for (const [name, schema] of Object.entries(OPENAPI_SCHEMAS)) {
    const converted = jsonSchemaOf(schema, name);
    schemas[name] = converted.schema;
    addDefinitions(converted.definitions);
  }

  const schemaOf = (reference: SchemaReference, owner: string): JsonSchema => {
    if (typeof reference === 'string') return { $ref: `#/components/schemas/${reference satisfies SchemaName}` };
    const converted = jsonSchemaOf(reference, owner);
    addDefinitions(converted.definitions);
    return converted.schema;
  };
  const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<Tag>();
  // In the order the app defines its routes (routeDescriptionsOf walks the route table), so the
  // document and its page read as the code does.
  for (const [key, description] of Object.entries(routeDescriptionsOf(options.routes))) {
    const space = key.indexOf(' ');
    const method = key.slice(0, space);
    const { path, parameters: pathParameterNames } = openApiPathOf(key.slice(space + 1));
    const operationId = operationIdOf(method, path);
    tags.add(description.tag);

    const parameters: Parameter[] = pathParameterNames.map((name) => ({
      name,
      in: 'path',
      required: true,
      description: description.pathParameters?.[name],
      schema: { type: 'string' },
    }));
    if (description.query) parameters.push(...queryParameters(schemaOf(description.query, `${operationId}Query`)));
    for (const [name, about] of Object.entries(description.headers ?? {})) {
      parameters.push({ name, in: 'header', required: false, description: about, schema: { type: 'string' } });
    }

    const responses: Operation['responses'] = {};
    for (const [status, answer] of Object.entries(description.answers)) {
      responses[status] = responseOf(answer, (reference) => schemaOf(reference, `${operationId}${status}`));
    }
    for (const [status, reason] of Object.entries({ ...commonRefusals(description), ...description.refusals })) {
      responses[status] = { description: reason, content: errorContent };
    }

    const operation: Operation = {
      operationId,
      tags: [description.tag],
      summary: description.summary,
      ...(description.description ? { description: description.description } : {}),
      security: SECURITY[securityOf(description)],
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(description.body ? { requestBody: requestBodyOf(description.body, schemaOf, operationId) } : {}),
      responses,
    };
    (paths[path] ??= {})[method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.1.1',
    info: {
      title: 'Vocal',
      version: APP_VERSION,
      description:
        'Record a voice message, get a link, share it anywhere. Every refusal is JSON, {msg}, saying what to change; the API is under /api, the pages and files beside it.',
    },
    servers: [{ url: options.publicUrl }],
    // In TAGS' order: the reference page's sections, whatever order the routes come in.
    tags: Object.values(TAGS)
      .filter((name) => tags.has(name))
      .map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token of a sign-in (POST /api/auth).' },
        adminToken: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Admin-Token',
          description: 'The admin token from the data folder; answered from this machine only.',
        },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'The METRICS_TOKEN the server was started with.' },
      },
    },
  };
}

function queryParameters(objectSchema: JsonSchema): Parameter[] {
  const properties = (objectSchema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((objectSchema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    schema,
  }));
}

function responseOf(answer: Answer, schemaOf: (reference: SchemaReference) => JsonSchema): Operation['responses'][string] {
  if (answer.json) return { description: answer.description, content: { 'application/json': { schema: schemaOf(answer.json) } } };
  if (answer.media) return { description: answer.description, content: { [answer.media]: { schema: bytesOf(answer.media) } } };
  return { description: answer.description };
}

const bytesOf = (media: string): JsonSchema =>
  media.startsWith('text/') || media === 'application/json' ? { type: 'string' } : { type: 'string', contentMediaType: media };

const MULTIPART_FORMS: Record<MultipartForm, { properties: Record<string, JsonSchema>; required: string[] }> = {
  upload: {
    properties: {
      recording: { type: 'string', contentMediaType: 'audio/mpeg', description: 'The MP3 (at most MAX_UPLOAD_MB).' },
      image: { type: 'string', contentMediaType: 'image/png', description: 'The waveform picture.' },
      context: {
        type: 'string',
        contentMediaType: 'application/json',
        contentSchema: { $ref: '#/components/schemas/UploadContext' },
        description: 'The recording id, duration, peaks and, for visitors, who sent it.',
      },
    },
    required: ['recording', 'context'],
  },
  image: {
    properties: {
      img: {
        type: 'string',
        contentMediaType: 'image/*',
        description:
          'A PNG, JPEG or GIF picture of at most 5 MB, 4096 pixels a side and 16 megapixels; stored re-encoded, fitted to 1024 pixels wide: a lossless WebP, or a PNG for an avatar.',
      },
      kind: {
        type: 'string',
        enum: ['avatar', 'logo'],
        description:
          'What the picture is for. avatar: stored as PNG (mail shows avatars), the only kind an avatarUrl may name. logo, or none: stored as WebP.',
      },
    },
    required: ['img'],
  },
};

function requestBodyOf(
  body: NonNullable<RouteDescription['body']>,
  schemaOf: (reference: SchemaReference, owner: string) => JsonSchema,
  operationId: string,
): NonNullable<Operation['requestBody']> {
  if ('bytes' in body) return { required: true, content: { [body.bytes]: { schema: { type: 'string', contentMediaType: body.bytes } } } };
  if ('multipart' in body) {
    return { required: true, content: { 'multipart/form-data': { schema: { type: 'object', ...MULTIPART_FORMS[body.multipart] } } } };
  }
  return { required: body.required ?? true, content: { 'application/json': { schema: schemaOf(body.json, `${operationId}Body`) } } };
}
