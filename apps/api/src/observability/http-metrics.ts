import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import type { Metrics } from './metrics.ts';
import { routePatternOf } from './route-pattern.ts';

/** 200 → 2xx: five values at most, whatever the routes answer. */
const statusClassOf = (status: number) => `${Math.floor(status / 100)}xx`;

/** Counts and times every request by its route pattern (never the raw path) and status class. */
export function httpMetrics(metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async (context, next) => {
    const started = performance.now();
    await next();
    const labels = { method: context.req.method, route: routePatternOf(context), status: statusClassOf(context.res.status) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, (performance.now() - started) / 1000);
  };
}
