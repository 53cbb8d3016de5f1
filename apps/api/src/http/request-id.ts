import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../logger.ts';
import { runInRequest } from '../observability/request-context.ts';
import { routePatternOf } from '../observability/route-pattern.ts';
import type { AppEnv } from './app-env.ts';
import { setResponseHeader } from './response-headers.ts';

/**
 * What an incoming id may look like: a proxy's UUID or hex trace id, never free text, so an id
 * can carry no personal data or log-breaking characters into every line of the request.
 */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The id this request goes by: the proxy's when we trust the proxy and it is well formed, else a new one. */
export function chooseRequestId(incoming: string | undefined, trustProxy: boolean): string {
  if (trustProxy && incoming !== undefined && WELL_FORMED_REQUEST_ID.test(incoming)) return incoming;
  return randomUUID();
}

/**
 * Gives each request an id, answers it as X-Request-Id, and runs the rest of the request inside
 * it so every log line written meanwhile (by routes, services, the error handler) carries it.
 */
export function requestIdentity(options: { trustProxy: boolean; logger: Logger }): MiddlewareHandler<AppEnv> {
  return async (context, next) => {
    const requestId = chooseRequestId(context.req.header('x-request-id'), options.trustProxy);
    context.set('requestId', requestId);
    const started = performance.now();
    await runInRequest(requestId, async () => {
      await next();
      setResponseHeader(context, 'x-request-id', requestId);
      // The route, not the path or URL: they may hold tokens or addresses.
      options.logger.debug(`${context.req.method} ${routePatternOf(context)} ${context.res.status}`, {
        ms: Math.round(performance.now() - started),
      });
    });
  };
}
