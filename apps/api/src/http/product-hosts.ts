import { createMiddleware } from 'hono/factory';
import type { Config } from '../env.ts';
import type { CustomDomainService } from '../site/custom-domain-service.ts';
import type { RecordingService } from '../recordings/recording-service.ts';
import { PUBLIC_NOT_FOUND } from '../recordings/public-pages.ts';
import type { AppEnv } from './app-env.ts';
import { HttpError, notFound } from './http-error.ts';

/**
 * What a custom domain (a user's CNAME to us) serves: listen and join pages, and what those
 * pages load (built assets, stored files, the API, the embed player, the build stamp).
 */
const CUSTOM_DOMAIN_PATHS = /^\/(?:listen|join)(?:\/|$)|^\/(?:assets|files|api|embed|builds)\//;

/** PRODUCT_HOSTS, else the public URL's host plus the loopback names on any port. */
export function productHostsOf(config: Pick<Config, 'publicUrl' | 'productHosts'>): string[] {
  return config.productHosts ?? [new URL(config.publicUrl).host.toLowerCase(), 'localhost', '127.0.0.1', '[::1]'];
}

/** Whether `host` (a Host header) is one of `hosts`: an entry with a port matches that port, one without any port. */
export function isProductHost(host: string, hosts: readonly string[]): boolean {
  const value = host.trim().toLowerCase();
  const name = value.replace(/:\d+$/, '');
  return hosts.some((entry) => (/:\d+$/.test(entry) ? entry === value : entry === name));
}

/**
 * Spec section 2: on any origin other than the product's own hosts, navigation goes to the
 * main origin (302, same path and query) unless it is for a listen or join page.
 */
export function customDomainRedirect(config: Pick<Config, 'publicUrl' | 'productHosts' | 'trustProxy'>) {
  const hosts = productHostsOf(config);
  return createMiddleware<AppEnv>(async (context, next) => {
    const host = requestHost(context.req.header.bind(context.req), config.trustProxy);
    if (!host || isProductHost(host, hosts) || CUSTOM_DOMAIN_PATHS.test(context.req.path)) return next();
    // The path as it was sent, still percent-encoded: decoded, a %00 or %0A in it made an
    // invalid Location header and a 500.
    const url = new URL(context.req.url);
    return context.redirect(`${config.publicUrl}${url.pathname}${url.search}`, 302);
  });
}

/** The host a request was sent to: X-Forwarded-Host behind a trusted proxy, else Host. */
function requestHost(header: (name: string) => string | undefined, trustProxy: boolean): string | undefined {
  const forwarded = trustProxy ? header('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  return forwarded || header('host');
}

/** The paths that show or count one message, with its id: pages, the payload, listens, comments, replies. */
const MESSAGE_PATHS = /^\/(?:listen|embed\/player|api\/(?:view-vocal|track\/view-vocal|track\/heard|comments|replies))\/([^/]+)/;

/**
 * A message is served under a custom domain only when its owner holds that domain (proven by
 * DNS), or it was shared on that domain and no other account holds it now: someone else's
 * message asked for under a customer's domain is 404, word for word as an unknown one.
 */
export function customDomainMessages(
  config: Pick<Config, 'publicUrl' | 'productHosts' | 'trustProxy'>,
  services: { recordings: Pick<RecordingService, 'cachedPublicPage'>; customDomains: Pick<CustomDomainService, 'servesOn'> },
) {
  const hosts = productHostsOf(config);
  return createMiddleware<AppEnv>(async (context, next) => {
    const host = requestHost(context.req.header.bind(context.req), config.trustProxy);
    if (!host || isProductHost(host, hosts)) return next();
    const id = MESSAGE_PATHS.exec(context.req.path)?.[1];
    if (!id) return next();
    let page;
    try {
      page = await services.recordings.cachedPublicPage(decodeURIComponent(id));
    } catch (error) {
      // Unknown, malformed, deleted or expired: the route answers that as it always does.
      if (error instanceof HttpError || error instanceof URIError) return next();
      throw error;
    }
    const name = host.toLowerCase().replace(/:\d+$/, '');
    if (await services.customDomains.servesOn(name, { ownerId: page.ownerId, domain: page.page.payload.audio.domain ?? null }))
      return next();
    throw notFound(PUBLIC_NOT_FOUND);
  });
}
