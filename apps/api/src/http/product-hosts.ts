import { createMiddleware } from 'hono/factory';
import type { Config } from '../env.ts';
import type { AppEnv } from './app-env.ts';

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
    const forwarded = config.trustProxy ? context.req.header('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
    const host = forwarded || context.req.header('host');
    if (!host || isProductHost(host, hosts) || CUSTOM_DOMAIN_PATHS.test(context.req.path)) return next();
    // The path as it was sent, still percent-encoded: decoded, a %00 or %0A in it made an
    // invalid Location header and a 500.
    const url = new URL(context.req.url);
    return context.redirect(`${config.publicUrl}${url.pathname}${url.search}`, 302);
  });
}
