import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env.ts';
import { hostAppPolicyOf } from './host-app-policies.ts';
import { setResponseHeader } from './response-headers.ts';

/**
 * Pages made to be put on other sites: the contact form and the collect page are embedded
 * with an iframe snippet, so any site may frame them (they hold no signed-in actions).
 */
const FRAMED_ANYWHERE = ['/contact-form/', '/collect/'];

/**
 * The app's pages may be framed by the app only (clickjacking). A page that set its own
 * policy (the embed player, framed anywhere) keeps it. A host app's pages (under /hosts/, and
 * Meet's side panel at /addons/meet) may be framed by that host's own pages (host-app-policies.ts) and by `hostFrameAncestors`
 * (HOST_FRAME_ANCESTORS: a test harness, a host's preview); X-Frame-Options cannot name a list,
 * so they send none.
 */
export function framePolicy(options: { hostFrameAncestors: readonly string[] }) {
  return createMiddleware<AppEnv>(async (context, next) => {
    await next();
    if (context.res.headers.has('content-security-policy')) return;
    if (!context.res.headers.get('content-type')?.startsWith('text/html')) return;
    const path = context.req.path;
    const hostPolicy = hostAppPolicyOf(path);
    if (path.startsWith('/hosts/') || hostPolicy) {
      const ancestors = ["'self'", ...(hostPolicy?.frameAncestors ?? []), ...options.hostFrameAncestors];
      setResponseHeader(context, 'content-security-policy', `frame-ancestors ${ancestors.join(' ')}`);
      return;
    }
    if (FRAMED_ANYWHERE.some((prefix) => path.startsWith(prefix))) {
      setResponseHeader(context, 'content-security-policy', 'frame-ancestors *');
      return;
    }
    setResponseHeader(context, 'content-security-policy', "frame-ancestors 'self'");
    setResponseHeader(context, 'x-frame-options', 'SAMEORIGIN');
  });
}
