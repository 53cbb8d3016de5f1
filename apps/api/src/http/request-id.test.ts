import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { embeddedBackend, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { chooseRequestId } from './request-id.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('chooseRequestId', () => {
  it('takes a well-formed id from a trusted proxy, and only then', () => {
    expect(chooseRequestId('edge-7f3a9c01', true)).toBe('edge-7f3a9c01');
    expect(chooseRequestId('edge-7f3a9c01', false)).toMatch(UUID);
    expect(chooseRequestId(undefined, true)).toMatch(UUID);
  });

  it('makes a new id for one that could carry text or break a log line', () => {
    for (const malformed of ['short', 'ada@example.com', 'two words here', 'line\nbreak-000000', 'x'.repeat(129), '']) {
      expect(chooseRequestId(malformed, true), malformed).toMatch(UUID);
    }
  });
});

describe.each(embeddedBackend)('request ids in responses and logs on %s', (backend) => {
  const lines: string[] = [];
  let mailLogged!: (line: string) => void;
  const mailLine = new Promise<string>((resolve) => (mailLogged = resolve));
  const logger = createLogger('debug', (line) => {
    lines.push(line);
    if (line.includes('written to')) mailLogged(line);
  });
  let server: TestServer;
  let proxied: TestServer;
  beforeAll(async () => {
    [server, proxied] = await Promise.all([
      startTestServer(backend, { LOG_LEVEL: 'debug' }, { logger }),
      startTestServer(backend, { TRUST_PROXY: 'true' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([server?.close(), proxied?.close()]);
  });

  const parsedLines = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it('answers every request with its own id, ignoring one sent when the proxy is not trusted', async () => {
    const first = await server.call('GET', '/health', { headers: { 'x-request-id': 'chosen-by-client-1' } });
    const second = await server.call('GET', '/api/no-such-route');
    const firstId = first.headers.get('x-request-id');
    expect(firstId).toMatch(UUID);
    expect(second.headers.get('x-request-id')).toMatch(UUID);
    expect(second.headers.get('x-request-id')).not.toBe(firstId);
  });

  it("keeps a trusted proxy's id, so one request can be followed across the proxy's logs and ours", async () => {
    const reply = await proxied.call('GET', '/health', { headers: { 'x-request-id': 'proxy-0a1b2c3d4e' } });
    expect(reply.headers.get('x-request-id')).toBe('proxy-0a1b2c3d4e');
    const refused = await proxied.call('GET', '/health', { headers: { 'x-request-id': 'not an id' } });
    expect(refused.headers.get('x-request-id')).toMatch(UUID);
  });

  it('writes each log line as one JSON object, with the id of the request it was written for', async () => {
    const reply = await server.call('GET', '/api/view-vocal/AAAAAAAAAAAAAAAAAAAAAA');
    const requestId = reply.headers.get('x-request-id');
    const mine = parsedLines().filter((line) => line.requestId === requestId);
    expect(mine.length).toBeGreaterThan(0);
    for (const line of mine) expect(line).toMatchObject({ level: expect.any(String), msg: expect.any(String), time: expect.any(String) });
    // The request line names the route, not the path with its id.
    expect(mine.map((line) => line.msg)).toContain(`GET /api/view-vocal/:id ${reply.status}`);
    expect(JSON.stringify(mine)).not.toContain('AAAAAAAAAAAAAAAAAAAAAA');
  });

  it('carries the id into work the request started after answering, and keeps the address out', async () => {
    const user = await server.signUp();
    const reply = await server.call('POST', '/api/password/forgot', { json: { email: user.email } });
    expect(reply.status).toBeLessThan(300);
    // The reset mail is written after the answer: its log line still belongs to this request.
    const line = JSON.parse(await mailLine) as Record<string, unknown>;
    expect(line.requestId).toBe(reply.headers.get('x-request-id'));
    expect(line.level).toBe('info');
    const everything = lines.join('\n');
    expect(everything).not.toContain(user.email);
    expect(everything).not.toContain(user.email.split('@')[0]);
  });
});
