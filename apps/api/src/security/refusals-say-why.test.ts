import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../testing/test-server.ts';
import { samplePng } from '../testing/upload-form.ts';

/** Refusals the fuzz suite found answered without a JSON {msg}: each now says why. */
describe.each(backends)('refusals outside the API routes say why on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server.close());

  it('a URL longer than Node accepts is a 431 with {msg}, before the app sees it', async () => {
    const reply = await server.call('GET', `/api/get-vocal?platform=${'y'.repeat(100_000)}`);
    expect(reply.status).toBe(431);
    expect(reply.body).toEqual({ msg: expect.stringMatching(/larger than this server accepts/) });
    // The server still answers afterwards.
    expect((await server.call('GET', '/health')).status).toBe(200);
  });

  it('an unsatisfiable range on a stored file is a 416 with {msg} and the file size', async () => {
    const user = await server.signUp();
    const form = new FormData();
    form.set('img', new Blob([samplePng()], { type: 'image/png' }), 'avatar.png');
    const uploaded = await server.call('POST', '/api/image', { token: user.access, form });
    const path = new URL(uploaded.body.url as string).pathname;
    const reply = await server.call('GET', path, { headers: { range: 'bytes=0-1,2-3' } });
    expect(reply.status).toBe(416);
    expect(reply.body).toEqual({ msg: expect.stringMatching(/range is not within/) });
    expect(reply.headers.get('content-range')).toMatch(/^bytes \*\/\d+$/);
  });

  it('a method no route takes on a page path is a JSON 404, not plain text', async () => {
    const reply = await server.call('PATCH', '/dashboard');
    expect(reply).toMatchObject({ status: 404, body: { msg: 'There is no PATCH /dashboard here' } });
  });
});
