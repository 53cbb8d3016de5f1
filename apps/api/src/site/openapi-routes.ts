import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { buildOpenApiDocument, type OpenApiDocument } from '../openapi/openapi-document.ts';
import { renderReferencePage } from '../openapi/reference-page.ts';
import { REFERENCE_STYLE } from '../openapi/reference-style.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';

/**
 * GET /openapi.json and its page, GET /docs (with the page's style sheet beside it). Both are
 * made on the first request and kept: they change only with the code.
 */
export function openApiRoutes(options: {
  publicUrl: string;
  /** The whole app's route table, read on the first request: the routes carry their descriptions. */
  routes: () => readonly { method: string; path: string; handler: unknown }[];
}) {
  let document: OpenApiDocument | null = null;
  let page: string | null = null;
  const documentOnce = () => (document ??= buildOpenApiDocument({ publicUrl: options.publicUrl, routes: options.routes() }));

  return new Hono<AppEnv>()
    .get(
      '/openapi.json',
      described({
        tag: TAGS.reference,
        summary: 'This document (OpenAPI 3.1)',
        access: 'public',
        answers: { 200: { description: 'The document', media: 'application/json' } },
      }),
      (context) => context.json(documentOnce(), 200, { 'cache-control': 'no-cache' }),
    )
    .get(
      '/docs',
      described({
        tag: TAGS.reference,
        summary: 'This document as a page to read',
        access: 'public',
        answers: { 200: { description: 'The reference page', media: 'text/html' } },
      }),
      (context) => context.html((page ??= renderReferencePage(documentOnce())), 200, { 'cache-control': 'no-cache' }),
    )
    .get(
      '/docs/reference.css',
      described({
        tag: TAGS.reference,
        summary: "The reference page's style sheet",
        access: 'public',
        answers: { 200: { description: 'The style sheet', media: 'text/css' } },
      }),
      (context) => context.body(REFERENCE_STYLE, 200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-cache' }),
    );
}
