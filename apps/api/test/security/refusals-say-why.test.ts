import { describe, expect, it } from 'vitest';
import { embeddedBackend } from '../harness/test-server.ts';
import { serverForSuite } from '../harness/suite-servers.ts';
import { samplePng } from '../harness/upload-form.ts';
import { getWithHost } from '../harness/visitor-helpers.ts';

/** What the fuzz suite found outside the API's routes: refusals without a JSON {msg}, and a 500. */
describe.each(embeddedBackend)('refusals outside the API routes say why on %s', (backend) => {
  const server = serverForSuite(backend);

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

  it('a custom domain redirects a path with encoded control characters as it was sent, not a 500', async () => {
    for (const path of ['/dashboard/%00', '/hosts/google-meet/%0D%0ASet-Cookie:%20x=1', '/a%20b?q=%00']) {
      const reply = await getWithHost(server.url, path, 'voice.customer.example');
      expect(reply.status, path).toBe(302);
      expect(reply.headers.location, path).toBe(`${server.running.services.config.publicUrl}${path}`);
    }
  });

  it('a method no route takes on a page path is a JSON 404, not plain text', async () => {
    const reply = await server.call('PATCH', '/dashboard');
    expect(reply).toMatchObject({ status: 404, body: { msg: 'There is no PATCH /dashboard here' } });
  });
});
