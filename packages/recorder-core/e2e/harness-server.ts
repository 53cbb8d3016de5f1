import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import type { AddressInfo } from 'node:net';
import { build, createServer as createViteServer } from 'vite';

const harnessRoot = new URL('./harness/', import.meta.url).pathname;

/**
 * Builds the harness page with Vite, as an app consuming the package would: the worker, the
 * worklet and the wasm go through the package's own `new Worker(new URL(...))`, `?worker&url`
 * and `?url` imports, with no special configuration.
 */
export async function buildHarness(outDir: string): Promise<void> {
  await build({
    root: harnessRoot,
    logLevel: 'warn',
    configFile: false,
    build: { outDir, emptyOutDir: true, minify: false, sourcemap: false },
  });
}

/**
 * The harness from Vite's dev server, where the worker and the worklet are served as modules
 * straight from the TypeScript source: the path an app's `vite dev` takes.
 */
export async function serveHarnessDev(apiUrl: string): Promise<HarnessServer> {
  const server = await createViteServer({
    root: harnessRoot,
    configFile: false,
    logLevel: 'warn',
    server: { host: '127.0.0.1', port: 0, proxy: { '/api': apiUrl, '/files': apiUrl } },
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('The Vite dev server did not say where it listens');
  return { url: url.replace(/\/$/, ''), close: () => server.close() };
}

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
};

export type HarnessServer = { url: string; close(): Promise<void> };

/** The built harness, whose own files can be cut off while the API still answers. */
export type BuiltHarnessServer = HarnessServer & {
  /** While true, the page's own files are cut off like a dropped network. */
  setAssetsUnreachable(unreachable: boolean): void;
  /** The page's own files requested while they were unreachable. */
  unreachableRequests: string[];
};

/**
 * Serves the built harness and passes /api and /files on to the API process, so the page and
 * the API share one origin. While the API is down, proxied requests are cut off like an
 * unreachable server (the client sees a network error, status 0), not answered with a 502.
 */
export async function serveHarness(outDir: string, apiUrl: () => string): Promise<BuiltHarnessServer> {
  const proxy = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const target = new URL(incoming.url ?? '/', apiUrl());
    const forwarded = request(target, { method: incoming.method, headers: { ...incoming.headers, host: target.host } }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  };

  const serveFile = async (path: string, outgoing: ServerResponse) => {
    const relative = normalize(decodeURIComponent(path === '/' ? '/index.html' : path)).replace(/^(\.\.[/\\])+/, '');
    try {
      const body = await readFile(join(outDir, relative));
      outgoing.writeHead(200, { 'content-type': MIME_TYPES[extname(relative)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      outgoing.end(body);
    } catch {
      outgoing.writeHead(404, { 'content-type': 'text/plain' });
      outgoing.end('not found');
    }
  };

  let assetsUnreachable = false;
  const unreachableRequests: string[] = [];
  const server = createServer((incoming, outgoing) => {
    const path = new URL(incoming.url ?? '/', 'http://harness').pathname;
    if (path.startsWith('/api/') || path.startsWith('/files/')) proxy(incoming, outgoing);
    else if (assetsUnreachable) {
      unreachableRequests.push(path);
      outgoing.destroy();
    } else void serveFile(path, outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setAssetsUnreachable: (unreachable) => {
      assetsUnreachable = unreachable;
    },
    unreachableRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
