import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** The first X-Forwarded-For address when we sit behind a proxy, else the socket's. */
function chooseAddress(forwardedFor: string | undefined, socketAddress: () => string | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = forwardedFor?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return socketAddress() ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The caller's address, for rate limits and listen counting; X-Forwarded-For only when we sit behind a proxy. */
export function clientAddress(context: Context, trustProxy: boolean): string {
  return chooseAddress(context.req.header('x-forwarded-for'), () => getConnInfo(context).remote.address, trustProxy);
}

/** The same address read off Node's request, for answers sent before the app (cache/answer-replay.ts). */
export function incomingAddress(incoming: IncomingMessage, trustProxy: boolean): string {
  const forwarded = incoming.headers['x-forwarded-for'];
  return chooseAddress(Array.isArray(forwarded) ? forwarded[0] : forwarded, () => incoming.socket.remoteAddress, trustProxy);
}
