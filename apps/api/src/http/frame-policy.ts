import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env.ts';

/**
 * Pages made to be put on other sites: the contact form and the collect page are embedded
 * with an iframe snippet, so any site may frame them (they hold no signed-in actions).
 */
const FRAMED_ANYWHERE = ['/contact-form/', '/collect/'];

/**
 * The app's pages may be framed by the app only (clickjacking). A page that set its own
 * policy (the embed player, framed anywhere) keeps it, and the host apps under /hosts/ are
 * framed by Outlook, Teams and the other hosts, so they get none.
 */
export function framePolicy() {
  return createMiddleware<AppEnv>(async (context, next) => {
    await next();
    if (context.req.path.startsWith('/hosts/') || context.res.headers.has('content-security-policy')) return;
    if (!context.res.headers.get('content-type')?.startsWith('text/html')) return;
    if (FRAMED_ANYWHERE.some((prefix) => context.req.path.startsWith(prefix))) {
      context.header('content-security-policy', 'frame-ancestors *');
      return;
    }
    context.header('content-security-policy', "frame-ancestors 'self'");
    context.header('x-frame-options', 'SAMEORIGIN');
  });
}
