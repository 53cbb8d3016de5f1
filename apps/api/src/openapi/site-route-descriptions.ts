import { z } from 'zod';
import { hostAppRouteDescriptions } from './host-app-route-descriptions.ts';
import { TAGS, type RouteDescription } from './route-description.ts';

const RECORDING_ID = 'The recording id (22 URL-safe characters).';

/** What /health answers; `version` is the running build's. */
const healthSchema = z.object({
  ok: z.literal(true),
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  storage: z.string(),
  transcriber: z.string(),
});

const listenPage = (what: string, media: string): RouteDescription['answers'] => ({
  200: { description: what, media },
  404: { description: 'The message does not exist: a page saying so, not indexed', media },
  410: { description: 'The message has expired or was deleted: a page saying so', media },
});

/** Routes outside /api: operations, files, server-rendered pages, the host apps and the web app. */
export const SITE_ROUTE_DESCRIPTIONS: Record<string, RouteDescription> = {
  'GET /health': {
    tag: TAGS.operations,
    summary: 'The process is up (for orchestrators and load balancers)',
    security: 'none',
    answers: { 200: { description: 'Up, and what it runs on', json: healthSchema } },
  },
  'GET /ready': {
    tag: TAGS.operations,
    summary: 'The database and the storage are reachable',
    security: 'none',
    answers: { 200: { description: 'Ready', json: z.object({ status: z.literal('ready') }) } },
    refusals: { 503: 'The database or the storage is unreachable (the message names which)' },
  },
  'GET /metrics': {
    tag: TAGS.operations,
    summary: 'Prometheus metrics: requests by route, jobs, transcription, uploads, storage errors',
    description: 'Off (404) unless METRICS_TOKEN is set; then the bearer token must be METRICS_TOKEN.',
    security: 'metrics',
    answers: { 200: { description: 'The Prometheus text exposition format', media: 'text/plain' } },
    refusals: { 404: 'METRICS_TOKEN is not set on this server' },
  },

  'GET /files/*': {
    tag: TAGS.pages,
    summary: 'A stored file: a recording (id.mp3), its waveform (id.png), a picture (images/...)',
    description: 'Honours Range (one range) for audio players.',
    security: 'none',
    pathParameters: { path: 'The storage key, slashes included.' },
    answers: {
      200: { description: 'The file', media: 'application/octet-stream' },
      206: { description: 'The requested range', media: 'application/octet-stream' },
      304: { description: 'Not modified (If-None-Match matched its ETag)' },
    },
    refusals: { 404: 'File not found', 410: 'The voice message has expired', 416: "The range is not within the file's bytes" },
  },
  'HEAD /files/*': {
    tag: TAGS.pages,
    summary: "A stored file's headers (size, type)",
    security: 'none',
    pathParameters: { path: 'The storage key, slashes included.' },
    answers: {
      200: { description: 'The headers of the file' },
      206: { description: 'The headers of the range' },
      304: { description: 'Not modified' },
    },
    refusals: { 404: 'File not found', 410: 'The voice message has expired', 416: "The range is not within the file's bytes" },
  },
  'GET /listen/:id': {
    tag: TAGS.pages,
    summary: 'The listen page, with its link preview (Open Graph, oEmbed discovery) rendered on the server',
    security: 'none',
    pathParameters: { id: RECORDING_ID },
    answers: {
      ...listenPage('The listen page', 'text/html'),
      202: {
        description: 'Its recording is still streaming in: a page saying so, which plays it once complete, not indexed',
        media: 'text/html',
      },
    },
    refusals: { 503: 'The web app has not been built' },
  },
  'HEAD /listen/:id': {
    tag: TAGS.pages,
    summary: "The listen page's headers",
    security: 'none',
    pathParameters: { id: RECORDING_ID },
    answers: listenPage('The listen page', 'text/html'),
    refusals: { 503: 'The web app has not been built' },
  },
  'GET /listen/:id/card.png': {
    tag: TAGS.pages,
    summary: 'The preview card picture a link preview shows',
    security: 'none',
    pathParameters: { id: RECORDING_ID },
    answers: {
      200: { description: 'The card', media: 'image/png' },
      304: { description: 'Not modified (If-None-Match matched its ETag)' },
    },
    refusals: { 404: 'Unknown, deleted or expired' },
  },
  'HEAD /listen/:id/card.png': {
    tag: TAGS.pages,
    summary: "The preview card's headers",
    security: 'none',
    pathParameters: { id: RECORDING_ID },
    answers: { 200: { description: 'The headers of the card' }, 304: { description: 'Not modified' } },
    refusals: { 404: 'Unknown, deleted or expired' },
  },
  'GET /embed/player/:id': {
    tag: TAGS.pages,
    summary: "The player alone, for other sites' iframes (oEmbed)",
    security: 'none',
    pathParameters: { id: RECORDING_ID },
    answers: listenPage('The player page', 'text/html'),
    refusals: { 503: 'The web app has not been built' },
  },
  'HEAD /embed/player/:id': {
    tag: TAGS.pages,
    summary: "The player page's headers",
    security: 'none',
    pathParameters: { id: RECORDING_ID },
    answers: listenPage('The player page', 'text/html'),
    refusals: { 503: 'The web app has not been built' },
  },

  'GET /hosts/chrome-extension/update.xml': {
    tag: TAGS.hostApps,
    summary: 'The Chrome extension’s update manifest, for enterprise force-install (ExtensionInstallForcelist)',
    security: 'none',
    answers: { 200: { description: 'The gupdate document naming the extension id, vocal.crx and its version', media: 'application/xml' } },
    refusals: { 404: 'The extension has not been built' },
  },
  'GET /hosts/chrome-extension/vocal.crx': {
    tag: TAGS.hostApps,
    summary: 'The Chrome extension packed and signed (CRX3) by this server, for self-hosted install',
    security: 'none',
    answers: { 200: { description: 'The CRX3 file', media: 'application/x-chrome-extension' } },
    refusals: { 404: 'The extension has not been built' },
  },
  ...hostAppRouteDescriptions(),

  'GET /*': {
    tag: TAGS.pages,
    summary: "The web app: its files, and index.html for any other page path (the app's own routes)",
    security: 'none',
    pathParameters: { path: 'A file of the web build, or a page of the app, slashes included.' },
    answers: { 200: { description: 'The file, or the app page', media: 'text/html' } },
    refusals: { 400: 'The path is not valid URL encoding', 404: 'A file of the build that does not exist' },
  },
  'HEAD /*': {
    tag: TAGS.pages,
    summary: "A web app file's headers",
    security: 'none',
    pathParameters: { path: 'A file of the web build, or a page of the app, slashes included.' },
    answers: { 200: { description: 'The headers of the file or page' } },
    refusals: { 400: 'The path is not valid URL encoding', 404: 'A file of the build that does not exist' },
  },
};
