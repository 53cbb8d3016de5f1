import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseEnvelope, type ParsedEnvelope } from '@vocal/settings-model';

/** One envelope as it arrived: the raw bytes (to search for what must not be there) and parsed. */
export type ReceivedEnvelope = ParsedEnvelope & {
  raw: string;
  path: string;
  /** The query's sentry_key, or the X-Sentry-Auth header's. */
  key: string | null;
};

/**
 * A local HTTP server that speaks a Sentry envelope endpoint: POST /api/{projectId}/envelope/
 * is parsed (a malformed envelope is a test failure, kept in `problems`) and answered 200 with
 * the CORS headers a browser's send needs. `dsn` points a product at it.
 */
export async function startErrorReportSink(projectId = '4242') {
  const envelopes: ReceivedEnvelope[] = [];
  const problems: string[] = [];
  const listeners = new Set<() => void>();

  const server = createServer(async (request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    if (request.method === 'OPTIONS') {
      response.setHeader('access-control-allow-headers', 'content-type, x-sentry-auth');
      response.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    const url = new URL(request.url ?? '/', 'http://sink');
    if (request.method !== 'POST' || url.pathname !== `/api/${projectId}/envelope/`) {
      problems.push(`${request.method} ${url.pathname} is not the envelope endpoint`);
      response.writeHead(404).end();
      return;
    }
    try {
      const authHeader = /sentry_key=([^,\s]+)/.exec(String(request.headers['x-sentry-auth'] ?? ''))?.[1] ?? null;
      envelopes.push({
        ...parseEnvelope(bytes),
        raw: bytes.toString('utf8'),
        path: url.pathname,
        key: url.searchParams.get('sentry_key') ?? authHeader,
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'received' }));
    } catch (error) {
      problems.push(`Malformed envelope: ${error instanceof Error ? error.message : String(error)}\n${bytes.toString('utf8')}`);
      response.writeHead(400).end();
    }
    for (const listener of listeners) listener();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** A DSN naming this sink, for ERROR_REPORTING_DSN. */
    dsn: `http://sinkkey@127.0.0.1:${port}/${projectId}`,
    origin: `http://127.0.0.1:${port}`,
    envelopes,
    problems,
    /** The first envelope (already here or still to come) that `matches`; fails after `timeoutMs`. */
    waitFor(matches: (envelope: ReceivedEnvelope) => boolean, timeoutMs = 30_000): Promise<ReceivedEnvelope> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = envelopes.find(matches);
          if (!found) return false;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(
            new Error(
              `No matching envelope within ${timeoutMs} ms; received ${envelopes.length}, problems: ${problems.join('; ') || 'none'}`,
            ),
          );
        }, timeoutMs);
        if (!check()) listeners.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type ErrorReportSink = Awaited<ReturnType<typeof startErrorReportSink>>;

/**
 * The one payload of a well-formed single-item envelope of `type`: the header names the
 * payload's event id, a parseable sent_at and the DSN; anything else throws, saying what.
 */
export function payloadOf<Payload extends { event_id: string }>(
  envelope: ReceivedEnvelope,
  type: 'event' | 'feedback',
  dsn: string,
): Payload {
  const problems: string[] = [];
  if (envelope.items.length !== 1) problems.push(`${envelope.items.length} items`);
  const item = envelope.items[0];
  if (item?.header.type !== type) problems.push(`item type ${String(item?.header.type)}`);
  const payload = item?.payload as Payload | undefined;
  if (!payload || !/^[0-9a-f]{32}$/.test(payload.event_id)) problems.push('no 32-digit event_id');
  if (envelope.header.event_id !== payload?.event_id) problems.push('the header names another event');
  if (envelope.header.dsn !== dsn) problems.push(`header dsn ${String(envelope.header.dsn)}`);
  if (Number.isNaN(Date.parse(String(envelope.header.sent_at)))) problems.push('no sent_at');
  if (problems.length) throw new Error(`Not a well-formed ${type} envelope (${problems.join(', ')}):\n${envelope.raw}`);
  return payload!;
}
