import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { loadConfig } from '../../src/env.ts';
import type { Logger } from '../../src/logger.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import type { Storage } from '../../src/storage/storage.ts';
import { borrowPgliteDatabase } from './pglite-pool.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { writeStandInWebBuild } from './stand-in-web-build.ts';

export type Backend = 'pglite' | 'postgres';

/**
 * PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server to make databases on: for
 * the suites that prove the PostgreSQL path (jobs across processes, crash recovery, concurrency,
 * every table on deletion, access control, aggregates, the fuzz suite over every route).
 */
export const backends: Backend[] = ['pglite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])];

/**
 * PGlite only, for suites about what a route answers rather than how the database behaves. PGlite
 * is PostgreSQL itself compiled to WebAssembly, so the SQL means the same on both; what differs
 * (driver, pool, concurrency, type parsing) is proved by the suites on `backends`, and the fuzz
 * suite sends requests to every route on PostgreSQL. Running these twice cost CI minutes for
 * nothing either suite could find.
 */
export const embeddedBackend: Backend[] = ['pglite'];

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

// Replies are read field by field in assertions; typing every body would only restate the schemas.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Reply = { status: number; body: any; headers: Headers };

export type TestServer = {
  url: string;
  running: RunningServer;
  dataDir: string;
  /** Any request; `json` and `form` set the body, `token` the bearer. */
  call(
    method: string,
    path: string,
    options?: { token?: string; json?: unknown; form?: FormData; body?: RequestInit['body']; headers?: Record<string, string> },
  ): Promise<Reply>;
  /** Signs up a new user and returns their tokens. */
  signUp(email?: string, password?: string): Promise<{ email: string; access: string; refresh: string; id: number }>;
  /** A correctly signed access token that expired a minute ago. */
  expiredToken(userId: number): Promise<string>;
  close(): Promise<void>;
};

let userCounter = 0;

export async function startTestServer(
  backend: Backend,
  env: Record<string, string> = {},
  options: { wrapStorage?: (storage: Storage) => Storage; logger?: Logger } = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vocal-api-test-'));
  const webDist = await writeStandInWebBuild(join(dataDir, 'web'));
  // A stand-in host app build: a taskpane and a manifest naming the public URL.
  const hostApps = join(dataDir, 'host-apps');
  await mkdir(join(hostApps, 'outlook', 'dist', 'assets'), { recursive: true });
  await writeFile(join(hostApps, 'outlook', 'dist', 'taskpane.html'), '<!doctype html><title>Taskpane</title>');
  await writeFile(
    join(hostApps, 'outlook', 'dist', 'manifest.json'),
    '{"taskpane":"%PUBLIC_URL%/hosts/outlook/taskpane.html","domain":"%PUBLIC_HOST%"}',
  );
  const scratch = backend === 'postgres' ? await createScratchDatabase(process.env.TEST_DATABASE_URL!) : null;
  // A warm PGlite from this process's pool, unless the test names a database or a data folder.
  const pooled = !scratch && !env.DATABASE_URL && !env.DATA_DIR ? await borrowPgliteDatabase() : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_SECRET: TEST_JWT_SECRET,
    // Real scrypt at a low cost: the tests sign up many users.
    SCRYPT_COST: '1024',
    LOG_LEVEL: 'error',
    // A day, not 15 minutes: a suite signs its people in once, and under a loaded `pnpm check`
    // one file has run for over 20 minutes; its tokens ran out and its checks failed with 401.
    ACCESS_TOKEN_TTL_SECONDS: '86400',
    // Every test signs up from one address; the per-address limits have their own tests.
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    VISITOR_RATE_LIMIT: '100000',
    // Addresses count as confirmed: sign-ups need no mailed link (its own suite turns it on).
    EMAIL_CONFIRMATION: 'off',
    // Many suites move rows behind the server's back (an expiry date into the past) and read the
    // public page at once: they get no cache and no listen batching. The listen path's own suite
    // and its benchmark turn both on (src/cache/listen-path.test.ts, bench/listen-path-bench.ts).
    PUBLIC_CACHE_SECONDS: '0',
    LISTEN_FLUSH_MS: '0',
    WEB_DIST: webDist,
    HOST_APPS_DIR: hostApps,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...env,
  });
  const running = await startServer(config, {
    publicUrlFollowsPort: !env.PUBLIC_URL,
    wrapStorage: options.wrapStorage,
    logger: options.logger,
    database: pooled,
  });
  const url = `http://127.0.0.1:${running.services.config.port}`;

  const call: TestServer['call'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    if (options.form) body = options.form;
    const response = await fetch(`${url}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };

  return {
    url,
    running,
    dataDir,
    call,
    async signUp(email = `user${++userCounter}-${Date.now()}@example.com`, password = 'correct horse battery') {
      const reply = await call('POST', '/api/auth', { json: { email, password } });
      if (reply.status !== 201) throw new Error(`Sign-up failed: ${reply.status} ${JSON.stringify(reply.body)}`);
      const account = await call('GET', '/api/account', { token: reply.body.access_token });
      return { email, access: reply.body.access_token, refresh: reply.body.refresh_token, id: account.body.id };
    },
    async expiredToken(userId: number) {
      const past = Math.floor(Date.now() / 1000) - 3600;
      return new SignJWT({ sid: '00000000-0000-4000-8000-000000000000' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt(past)
        .setExpirationTime(past + 60)
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    },
    async close() {
      await running.close();
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
