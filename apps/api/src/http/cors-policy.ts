import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env.ts';
import { setResponseHeader } from './response-headers.ts';

const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
/** The tus headers (src/uploads/) are sent and read by recorders on other origins too. */
const ALLOWED_HEADERS = 'authorization, content-type, tus-resumable, upload-offset, upload-length, upload-defer-length, upload-metadata';
const EXPOSED_HEADERS = 'retry-after, x-request-id, location, tus-resumable, upload-offset, upload-length, upload-expires';

/**
 * Cross-origin access to the API. The web app, the listen and embed pages and the host apps
 * (/hosts/*) are all served from the API's own origin, so by default no other origin is let in:
 * a preflight from elsewhere is answered 204 with no allow headers, which the browser reads as
 * a refusal. `allowedOrigins` (CORS_ORIGINS) names the exceptions, such as an add-in served
 * from another host; `allowedPatterns` the hosts that serve our app's files themselves (Zoho
 * Mail's package: hosted-widget-origins.ts). Tokens travel in the Authorization header, never in cookies, so
 * credentials are never allowed.
 */
export function corsPolicy(allowedOrigins: readonly string[], allowedPatterns: readonly RegExp[] = []) {
  const allowed = new Set(allowedOrigins);
  return createMiddleware<AppEnv>(async (context, next) => {
    const origin = context.req.header('origin');
    const permitted = origin !== undefined && (allowed.has(origin) || allowedPatterns.some((pattern) => pattern.test(origin)));
    if (context.req.method === 'OPTIONS' && context.req.header('access-control-request-method')) {
      const headers: Record<string, string> = { vary: 'Origin' };
      if (permitted) {
        headers['access-control-allow-origin'] = origin;
        headers['access-control-allow-methods'] = ALLOWED_METHODS;
        headers['access-control-allow-headers'] = ALLOWED_HEADERS;
        headers['access-control-max-age'] = '600';
      }
      return context.body(null, 204, headers);
    }
    await next();
    setResponseHeader(context, 'vary', 'Origin', { append: true });
    if (permitted) {
      setResponseHeader(context, 'access-control-allow-origin', origin);
      setResponseHeader(context, 'access-control-expose-headers', EXPOSED_HEADERS);
    }
  });
}
