import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { buildOpenApiDocument, type OpenApiDocument } from '../openapi/openapi-document.ts';
import { renderReferencePage } from '../openapi/reference-page.ts';
import { REFERENCE_STYLE } from '../openapi/reference-style.ts';

/**
 * GET /openapi.json and its page, GET /docs (with the page's style sheet beside it). Both are
 * made on the first request and kept: they change only with the code.
 */
export function openApiRoutes(options: { publicUrl: string }) {
  let document: OpenApiDocument | null = null;
  let page: string | null = null;
  const documentOnce = () => (document ??= buildOpenApiDocument(options));

  return new Hono<AppEnv>()
    .get('/openapi.json', (context) => context.json(documentOnce(), 200, { 'cache-control': 'no-cache' }))
    .get('/docs', (context) => context.html((page ??= renderReferencePage(documentOnce())), 200, { 'cache-control': 'no-cache' }))
    .get('/docs/reference.css', (context) =>
      context.body(REFERENCE_STYLE, 200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-cache' }),
    );
}
