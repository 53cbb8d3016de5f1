import type { Share } from '@vocal/host-contract';
import type { FetchHandler } from './fake-services.ts';

/**
 * The recording-handoff API as its contract says (POST /api/recording-handoff, POST
 * …/:id/claim), in memory, for the unit tests: `deliver` plays the record page sharing a
 * message, `expire` the 30 minutes passing. The real server is proven in
 * real-api.test.ts.
 */
export function createFakeHandoffServer(baseUrl: string) {
  type Entry = { host: string; secret: string; share: Share | null; spent: boolean; expired: boolean };
  const entries = new Map<string, Entry>();
  let counter = 0;
  const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });

  const handler: FetchHandler = (request) => {
    const path = request.url.startsWith(baseUrl) ? request.url.slice(baseUrl.length) : null;
    if (request.method === 'POST' && path === '/api/recording-handoff') {
      const { host } = JSON.parse(request.body ?? '{}') as { host?: string };
      if (host !== 'gmail' && host !== 'google-docs') return json(400, { msg: 'host must be gmail or google-docs' });
      const id = `handoff${++counter}`;
      entries.set(id, { host, secret: `secret-${id}`, share: null, spent: false, expired: false });
      return json(201, { id, secret: `secret-${id}`, expiresAt: new Date(Date.UTC(2030, 0, 1, 12, 30)).toISOString() });
    }
    const claim = path ? /^\/api\/recording-handoff\/([^/]+)\/claim$/.exec(path) : null;
    if (request.method === 'POST' && claim) {
      const entry = entries.get(decodeURIComponent(claim[1]!));
      const { secret } = JSON.parse(request.body ?? '{}') as { secret?: string };
      if (!entry || entry.spent || entry.expired || secret !== entry.secret) return json(404, { msg: 'This code has expired or was used' });
      if (!entry.share) return json(200, { status: 'waiting' });
      entry.spent = true;
      return json(200, { status: 'ready', share: entry.share });
    }
    return json(404, { msg: 'No such route' });
  };

  return {
    handler,
    deliver(id: string, share: Share) {
      entries.get(id)!.share = share;
    },
    expire(id: string) {
      entries.get(id)!.expired = true;
    },
    hostOf: (id: string) => entries.get(id)?.host,
  };
}
