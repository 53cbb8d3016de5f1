import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** The caller's address, for rate limits; X-Forwarded-For only when we sit behind a proxy. */
export function clientAddress(context: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = context.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(context).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
