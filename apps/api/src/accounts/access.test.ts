import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestServer } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';

/** Every endpoint that needs a signed-in user. */
const AUTHENTICATED: [string, string][] = [
  ['GET', '/api/account'],
  ['POST', '/api/account'],
  ['POST', '/api/delete'],
  ['POST', '/api/image'],
  ['POST', '/api/logout'],
  ['GET', '/api/get-vocal'],
  ['POST', '/api/upload-vocal'],
  ['GET', '/api/audio'],
  ['DELETE', '/api/delete/AAAAAAAAAAAA'],
  ['POST', '/api/edit/AAAAAAAAAAAA'],
  ['GET', '/api/recordings'],
  ['POST', '/api/recordings'],
  ['POST', '/api/folder'],
  ['PUT', '/api/folder'],
  ['DELETE', '/api/folder'],
  ['GET', '/api/personalisation'],
  ['POST', '/api/personalisation'],
  ['GET', '/api/replies/AAAAAAAAAAAA'],
  ['GET', '/api/views/AAAAAAAAAAAA'],
  ['DELETE', '/api/comments/00000000-0000-4000-8000-000000000000'],
];

/** Endpoints anyone may call, where a token that is sent must still be valid (optionalUser). */
const OPTIONAL_TOKEN: [string, string][] = [
  ['GET', '/api/comments/AAAAAAAAAAAA'],
  ['POST', '/api/comments/AAAAAAAAAAAA'],
  ['GET', '/api/track/view-vocal/AAAAAAAAAAAA'],
  ['POST', '/api/feedback'],
];

/** Every endpoint, with what may be sent to it. */
const ALL: [string, string][] = [
  ...AUTHENTICATED,
  ['POST', '/api/auth'],
  ['POST', '/api/refresh'],
  ['GET', '/api/view-vocal/AAAAAAAAAAAA'],
  ['GET', '/api/share/AAAAAAAAAA'],
  ['POST', '/api/feedback'],
  ['GET', '/api/get-vocal-free?target=collect:AAAAAAAAAA'],
  ['GET', '/api/comments/AAAAAAAAAAAA'],
  ['POST', '/api/comments/AAAAAAAAAAAA'],
  ['GET', '/api/track/view-vocal/AAAAAAAAAAAA'],
  ['GET', '/api/contact-form/AAAAAAAAAA'],
  ['POST', '/api/contact-form/AAAAAAAAAA/messages'],
  ['GET', '/api/collect/AAAAAAAAAA'],
  ['GET', '/api/oembed?url=http://localhost/listen/AAAAAAAAAAAA'],
];

/** Endpoints that read a JSON object from the body. */
const JSON_ENDPOINTS: [string, string][] = [
  ['POST', '/api/auth'],
  ['POST', '/api/account'],
  ['POST', '/api/edit/AAAAAAAAAAAA'],
  ['POST', '/api/recordings'],
  ['POST', '/api/folder'],
  ['PUT', '/api/folder'],
  ['DELETE', '/api/folder'],
  ['POST', '/api/personalisation'],
  ['POST', '/api/comments/AAAAAAAAAAAA'],
  ['POST', '/api/contact-form/AAAAAAAAAA/messages'],
];

const HOSTILE_BODIES: [string, string | undefined][] = [
  ['application/json', 'null'],
  ['application/json', '"a string"'],
  ['application/json', '[1,2,3]'],
  ['application/json', '{"name":{"$gt":""},"email":["a"],"uuid":null,"audio_uuid":{}}'],
  ['application/json', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  ['application/json', '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'],
  ['application/json', '\u0000\u0001binary'],
  ['text/plain', 'hello'],
  ['multipart/form-data; boundary=xyz', '--xyz\r\nbroken'],
  ['application/x-www-form-urlencoded', 'a=1&b=%ZZ'],
  ['', undefined],
];

describe.each(backends)('access control and hostile input on %s', (backend) => {
  const server = serverForSuite(backend);
  let user: Awaited<ReturnType<TestServer['signUp']>>;
  beforeAll(async () => {
    user = await server.signUp();
  });

  it.each(AUTHENTICATED)('%s %s refuses a request without a token (401)', async (method, path) => {
    const reply = await server.call(method, path);
    expect(reply.status).toBe(401);
    expect(reply.body.msg).toMatch(/Sign in first/);
  });

  it.each(AUTHENTICATED)('%s %s refuses an expired token with "Token has expired"', async (method, path) => {
    const reply = await server.call(method, path, { token: await server.expiredToken(user.id) });
    expect(reply).toMatchObject({ status: 401, body: { msg: 'Token has expired' } });
  });

  it.each(AUTHENTICATED)('%s %s refuses a forged token', async (method, path) => {
    const forged = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('not-the-server-secret-but-long-enough-anyway'));
    const reply = await server.call(method, path, { token: forged });
    expect(reply).toMatchObject({ status: 401, body: { msg: 'Signature verification failed' } });
  });

  it.each(OPTIONAL_TOKEN)('%s %s takes no token, but refuses an expired or forged one with 401', async (method, path) => {
    const anonymous = await server.call(method, path);
    expect(anonymous.status).not.toBe(401);
    expect(await server.call(method, path, { token: await server.expiredToken(user.id) })).toMatchObject({
      status: 401,
      body: { msg: 'Token has expired' },
    });
    const forged = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('not-the-server-secret-but-long-enough-anyway'));
    expect(await server.call(method, path, { token: forged })).toMatchObject({
      status: 401,
      body: { msg: 'Signature verification failed' },
    });
  });

  it.each(ALL.filter(([method]) => method === 'GET'))(
    'GET %s answers a clear 4xx or 200 without a token, never a 5xx',
    async (_method, path) => {
      const reply = await server.call('GET', path);
      expect(reply.status).toBeLessThan(500);
      if (reply.status >= 400) expect(typeof reply.body.msg).toBe('string');
    },
  );

  it.each(ALL.filter(([method]) => method !== 'GET'))(
    '%s %s never answers hostile bodies with a 5xx, and every refusal says why',
    async (method, path) => {
      const victim = await server.signUp();
      for (const [type, body] of HOSTILE_BODIES) {
        const headers: Record<string, string> = type ? { 'content-type': type } : {};
        const reply = await server.call(method, path, { token: victim.access, body, headers });
        const label = `${type} ${body?.slice(0, 40)}`;
        expect(reply.status, label).toBeLessThan(500);
        if (reply.status >= 400) expect(typeof reply.body.msg, label).toBe('string');
      }
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    },
  );

  it.each(JSON_ENDPOINTS)('%s %s refuses JSON that is not an object, or not JSON, with 400', async (method, path) => {
    const victim = await server.signUp();
    for (const body of ['null', '"a string"', '[1,2,3]', '{"unclosed":', '\u0000']) {
      const reply = await server.call(method, path, { token: victim.access, body, headers: { 'content-type': 'application/json' } });
      expect(reply.status, body).toBe(400);
      expect(typeof reply.body.msg).toBe('string');
    }
  });

  it('hostile query strings and paths get a 4xx', async () => {
    for (const path of [
      '/api/get-vocal?platform=',
      '/api/get-vocal?platform=%00',
      '/api/view-vocal/%E0%A4%A',
      '/api/view-vocal/' + 'a'.repeat(5000),
      '/%E0%A4%A',
      '/files/..%2F..%2Fserver.json',
      '/files/images%2F..%2F..%2Fserver.json',
      '/api/get-vocal-free',
      '/api/get-vocal-free?target=%00',
      '/api/get-vocal-free?target=reply:AAAAAAAAAAAA&platform=%00',
      '/api/comments/%E0%A4%A',
      '/api/comments/' + 'a'.repeat(5000),
      '/api/track/view-vocal/%E0%A4%A',
      '/api/contact-form/%E0%A4%A',
      '/api/collect/' + 'a'.repeat(5000),
      '/api/views/%00',
      '/api/replies/%E0%A4%A',
      '/api/oembed?url=%E0%A4%A',
      '/api/oembed?url=' + encodeURIComponent('http://localhost/listen/' + 'a'.repeat(5000)),
      '/api/oembed?url=x&maxwidth=1e999',
      '/embed/player/%E0%A4%A',
      '/listen/' + 'a'.repeat(5000),
    ]) {
      const reply = await server.call('GET', path, { token: user.access });
      expect(reply.status, path).toBeGreaterThanOrEqual(400);
      expect(reply.status, path).toBeLessThan(500);
    }
  });

  it('never serves a file outside the web app or the storage folder', async () => {
    for (const path of ['/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/files/../server.json', '/..%2Fserver.json']) {
      const response = await fetch(`${server.url}${path}`);
      const text = await response.text();
      expect(text, path).not.toMatch(/root:|adminToken/);
    }
  });

  it('unknown API paths are a JSON 404, not the web app', async () => {
    const reply = await server.call('GET', '/api/does-not-exist');
    expect(reply).toMatchObject({ status: 404, body: { msg: 'There is no GET /api/does-not-exist in this API' } });
  });

  it('GET /health says which database, storage and transcriber are in use', async () => {
    const reply = await server.call('GET', '/health');
    expect(reply.body).toEqual({ ok: true, version: '12.4.10', database: backend, storage: 'local', transcriber: 'none' });
  });
});
