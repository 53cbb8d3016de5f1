import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import type { Metrics } from '../observability/metrics.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';

// Hashing both sides first gives equal lengths, so the comparison takes the same time whatever
// was sent, including its length.
const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `authorization` is `Bearer <token>`, compared in constant time. */
export function holdsMetricsToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(authorization ?? '');
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

/**
 * GET /metrics in Prometheus' text format. Off (404) without METRICS_TOKEN: route names, job
 * kinds and rates say more about the deployment than the public should see; with it, only a
 * scraper holding the token is answered.
 */
export function metricsRoutes(metrics: Metrics, token: string | null) {
  return new Hono<AppEnv>().get(
    '/metrics',
    described({
      tag: TAGS.operations,
      summary: 'Prometheus metrics: requests by route, jobs, transcription, uploads, storage errors',
      description: 'Off (404) unless METRICS_TOKEN is set; then the bearer token must be METRICS_TOKEN.',
      access: 'public',
      security: 'metrics',
      answers: { 200: { description: 'The Prometheus text exposition format', media: 'text/plain' } },
      refusals: { 404: 'METRICS_TOKEN is not set on this server' },
    }),
    async (context) => {
      if (token === null) return context.json({ msg: 'Metrics are off: set METRICS_TOKEN to turn them on' }, 404);
      if (!holdsMetricsToken(context.req.header('authorization'), token)) {
        context.header('www-authenticate', 'Bearer realm="metrics"');
        return context.json({ msg: 'Metrics need Authorization: Bearer <METRICS_TOKEN>' }, 401);
      }
      context.header('cache-control', 'no-store');
      return context.body(await metrics.registry.metrics(), 200, { 'content-type': metrics.registry.contentType });
    },
  );
}
