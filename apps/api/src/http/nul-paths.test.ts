import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedBackend, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';

// The fuzz suite's finds (seed 20261123): each answered 500 before the guard.
const PATHS = [
  ['DELETE', '/api/comments/%00'],
  ['HEAD', '/listen/%00'],
  ['GET', '/listen/%00/card.png'],
  ['GET', '/api/view-vocal/ab%00cd'],
] as const;

describe.each(embeddedBackend)('a NUL character in the path, on %s', (backend) => {
  const server = serverForSuite(backend);

  it.each(PATHS)('%s %s: 400, and says why', async (method, path) => {
    const response = await fetch(`${server.url}${path}`, { method });
    expect(response.status).toBe(400);
    if (method !== 'HEAD') {
      expect(await response.json()).toEqual({ msg: 'A path may not contain a NUL character (%00)' });
    }
  });

  it("an encoded NUL in the query is the field check's business, not a path refusal", async () => {
    const response = await fetch(`${server.url}/health?x=%00`);
    expect(response.status).not.toBe(500);
    const body = (await response.json()) as { msg?: string };
    expect(body.msg ?? '').not.toContain('A path may not');
  });
});

describe.each(embeddedBackend)("a NUL character in a listen path under a customer's domain, on %s", (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { TRUST_PROXY: 'true' });
  });
  afterAll(() => server?.close());

  // The custom-domain check looks the message up before the app's path checks run.
  it('is refused, not a 500', async () => {
    const response = await fetch(`${server.url}/listen/%00`, { headers: { 'x-forwarded-host': 'voice.customer.example' } });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});
