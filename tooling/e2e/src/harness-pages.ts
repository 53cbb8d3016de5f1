import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Serves the pages that play a host (Zendesk, Zoho Mail…) on 127.0.0.1: another origin than
 * the product's localhost, as the host's own is, and a local one (Chromium lets no public origin
 * frame localhost). `pageAt` answers the HTML for a path, or undefined for a 404 {msg}.
 */
export async function serveHarnessPages(pageAt: (path: string) => string | undefined) {
  const server = createServer((request, response) => {
    const page = pageAt(new URL(request.url ?? '/', 'http://harness').pathname);
    if (page === undefined) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"msg":"No such page"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
