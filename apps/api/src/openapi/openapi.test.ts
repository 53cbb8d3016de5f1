import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { credentialsSchema, inboxQuerySchema, tokensSchema } from '@vocal/settings-model';
import { escapeHtml } from '../http/html-escaping.ts';
import { isSignInGuard } from '../http/require-user.ts';
import { isMiddleware, routeKeysOf } from '../../test/harness/route-catalogue.ts';
import { startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import type { OpenApiDocument } from './openapi-document.ts';
import { securityOf, type RouteDescription } from './route-description.ts';
import { routeDescriptionsOf } from './described.ts';

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The value a local `$ref` ("#/a/b") points at in `document`, or undefined. */
function resolvePointer(document: unknown, reference: string): unknown {
  if (!reference.startsWith('#/')) return undefined;
  return reference
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (value, part) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined),
      document,
    );
}

function referencesIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) referencesIn(item, found);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push(inner);
      else referencesIn(inner, found);
    }
  }
  return found;
}

const wireSchemaOf = (schema: z.ZodType) => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' });
  return rest;
};

describe('the OpenAPI document and its reference page', () => {
  let server: TestServer;
  let document: OpenApiDocument;
  let routeTable: string[];
  let descriptions: Record<string, RouteDescription>;

  beforeAll(async () => {
    server = await startTestServer('pglite', { TRANSCRIBER: 'none' });
    routeTable = routeKeysOf(server.running.routes);
    descriptions = routeDescriptionsOf(server.running.routes);
    const reply = await server.call('GET', '/api/openapi.json');
    expect(reply.status).toBe(200);
    document = reply.body as OpenApiDocument;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('describes every route of the route table, and no route that is not there', () => {
    // Everything but `app.use` and the API's 404 fallback, which answer every method.
    const handlers = routeTable.filter((key) => !isMiddleware(key));
    expect(
      handlers.filter((key) => !(key in descriptions)),
      'routes the document does not describe (describe each where it is defined: described.ts)',
    ).toEqual([]);
    expect(
      Object.keys(descriptions).filter((key) => !routeTable.includes(key)),
      'described routes that the app does not have',
    ).toEqual([]);
    const operations = Object.values(document.paths).flatMap((methods) => Object.keys(methods));
    expect(operations.length).toBe(Object.keys(descriptions).length);
  });

  it("holds each route's access to its guard: a signed-in route runs requireUser, and no other route does", () => {
    const guarded = new Set(
      server.running.routes.filter((route) => isSignInGuard(route.handler)).map((route) => `${route.method} ${route.path}`),
    );
    // Its bearer is the refresh token, which it checks itself (auth-routes.ts).
    const checksItsOwnBearer = new Set(['POST /api/refresh']);
    const wrong = Object.entries(descriptions)
      .filter(([key, description]) => !checksItsOwnBearer.has(key) && guarded.has(key) !== (securityOf(description) === 'bearer'))
      .map(([key, description]) => `${key} (${description.access})`);
    expect(wrong, 'routes whose access says one thing and whose guard does another').toEqual([]);
    expect(guarded.size).toBeGreaterThan(40);
  });

  it('is OpenAPI 3.1 in shape: version, info, paths, operations, parameters and responses', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(typeof document.info.title).toBe('string');
    expect(document.info.version).toMatch(/\S/);
    expect(Object.keys(document.paths).length).toBeGreaterThan(50);
    const operationIds = new Set<string>();
    const tagNames = new Set(document.tags.map((tag) => tag.name));
    for (const [path, methods] of Object.entries(document.paths)) {
      expect(path, 'paths start with /').toMatch(/^\//);
      expect(path, 'paths use {name}, not :name or *').not.toMatch(/:|\*/);
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      for (const [method, operation] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(HTTP_METHODS.has(method), where).toBe(true);
        expect(operationIds.has(operation.operationId), `${where}: operationId repeated`).toBe(false);
        operationIds.add(operation.operationId);
        expect(operation.summary, where).toMatch(/\S/);
        expect(tagNames.has(operation.tags[0]!), `${where}: tag not declared`).toBe(true);
        const pathParameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
        expect(pathParameters.map((parameter) => parameter.name).sort(), `${where}: path parameters`).toEqual([...templated].sort());
        for (const parameter of pathParameters) expect(parameter.required, where).toBe(true);
        const statuses = Object.keys(operation.responses);
        expect(
          statuses.some((status) => /^[23]/.test(status)),
          `${where}: no success answer`,
        ).toBe(true);
        for (const [status, response] of Object.entries(operation.responses)) {
          expect(status, where).toMatch(/^[1-5]\d\d$/);
          expect(response.description, `${where} ${status}`).toMatch(/\S/);
        }
        for (const requirement of operation.security) {
          for (const scheme of Object.keys(requirement)) expect(document.components.securitySchemes, where).toHaveProperty(scheme);
        }
      }
    }
  });

  it('answers every refusal with the {msg} error schema, and routes that need a token say so', () => {
    expect(document.components.schemas.Error).toEqual(expect.objectContaining({ required: ['msg'] }));
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (!/^[45]/.test(status)) continue;
          // A missing message's listen page is a page saying so, not JSON.
          if (!response.content?.['application/json']) {
            expect(Object.keys(response.content ?? {}), `${method} ${path} ${status}`).toEqual(['text/html']);
            continue;
          }
          expect(response.content?.['application/json']?.schema, `${method} ${path} ${status}`).toEqual({
            $ref: '#/components/schemas/Error',
          });
        }
      }
    }
    expect(document.paths['/api/account']!.get!.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/account']!.get!.responses).toHaveProperty('401');
    expect(document.paths['/api/oembed']!.get!.security).toEqual([]);
    // Anyone may ask; the owner's token opens their own password-protected message (decision 0074).
    expect(document.paths['/api/view-vocal/{id}']!.get!.security).toEqual([{}, { bearer: [] }]);
    expect(document.paths['/api/admin/users']!.get!.security).toEqual([{ adminToken: [] }]);
  });

  it('resolves every $ref in the document', () => {
    const references = referencesIn(document);
    expect(references.length).toBeGreaterThan(50);
    expect(references.filter((reference) => resolvePointer(document, reference) === undefined)).toEqual([]);
  });

  it('is made from the zod schemas the routes use: bodies, answers and query parameters', () => {
    expect(document.components.schemas.Credentials).toEqual(wireSchemaOf(credentialsSchema));
    expect(document.components.schemas.Tokens).toEqual(wireSchemaOf(tokensSchema));
    const signIn = document.paths['/api/auth']!.post!;
    expect(signIn.requestBody?.content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Credentials' });
    expect(signIn.responses['200']!.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Tokens' });
    const inbox = document.paths['/api/inbox']!.get!;
    expect(inbox.parameters?.map((parameter) => parameter.name)).toEqual(Object.keys(inboxQuerySchema.shape));
    const upload = document.paths['/api/upload-vocal']!.post!;
    expect(Object.keys(upload.requestBody!.content)).toEqual(['multipart/form-data']);
  });

  it('renders a reference page naming every path and tag, with its own style sheet and no script', async () => {
    const page = await server.call('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = String(page.body);
    for (const path of Object.keys(document.paths)) expect(html, path).toContain(`<code class="path">${escapeHtml(path)}</code>`);
    for (const tag of document.tags) expect(html).toContain(escapeHtml(tag.name));
    expect(html).toContain('<html lang="en">');
    expect(html).not.toMatch(/<script|https?:\/\//);
    // Every link within the page (contents, schema names) leads somewhere on it.
    const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]));
    const targets = [...html.matchAll(/ href="#([^"]+)"/g)].map((match) => match[1]!);
    expect(targets.length).toBeGreaterThan(100);
    expect(targets.filter((target) => !ids.has(target))).toEqual([]);
    const style = await server.call('GET', '/api/docs/reference.css');
    expect(style.status).toBe(200);
    expect(style.headers.get('content-type')).toMatch(/^text\/css/);
    expect(html).toContain('href="/api/docs/reference.css"');
  });
});
