import { makePng, JPEG_BYTES } from '@vocal/test-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../testing/test-server.ts';
import { samplePeaks, samplePng, threeSecondMp3, uploadForm } from '../testing/upload-form.ts';

describe.each(backends)('account on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server.close());

  it('GET /account returns the whole user with the spec defaults', async () => {
    const user = await server.signUp();
    const reply = await server.call('GET', '/api/account', { token: user.access });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      id: user.id,
      email: user.email,
      name: 'You',
      avatarUrl: null,
      plan: 0,
      subscribed: false,
      subscribedStrict: false,
      domain: null,
      inviteCode: expect.stringMatching(/^[A-Za-z0-9]{10}$/),
      inviteLink: expect.stringMatching(/\/record\/share\/[A-Za-z0-9]{10}$/),
      stripeId: null,
      subscriptionMessage: null,
      messages: { showTrial: false, showPaywall: false, max: 50, count: 0 },
    });
  });

  it('POST /account updates name, avatar and email, and validates them', async () => {
    const user = await server.signUp();
    const updated = await server.call('POST', '/api/account', {
      token: user.access,
      json: { name: '  Grace Hopper ', avatarUrl: 'https://example.com/grace.png', email: `Grace-${user.id}@Example.com` },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Grace Hopper',
      avatarUrl: 'https://example.com/grace.png',
      email: `grace-${user.id}@example.com`,
    });
    const emptied = await server.call('POST', '/api/account', { token: user.access, json: { name: '' } });
    expect(emptied.body.name).toBe('You');

    for (const [json, message] of [
      [{ email: 'nope' }, /^email: must be a valid email address$/],
      [{ avatarUrl: 'javascript:alert(1)' }, /^avatarUrl: must be an http or https URL$/],
      [{ plan: 1 }, /Unrecognized key/],
      [{ name: 'x'.repeat(101) }, /^name: must be at most 100 characters$/],
    ] as const) {
      const reply = await server.call('POST', '/api/account', { token: user.access, json });
      expect(reply.status).toBe(400);
      expect(reply.body.msg).toMatch(message);
    }
    const after = await server.call('GET', '/api/account', { token: user.access });
    expect(after.body).toMatchObject({ name: 'You', plan: 0 });
  });

  it("refuses to take another user's email with 409", async () => {
    const first = await server.signUp();
    const second = await server.signUp();
    const reply = await server.call('POST', '/api/account', { token: second.access, json: { email: first.email } });
    expect(reply).toMatchObject({ status: 409, body: { msg: 'That email address is already in use' } });
  });

  it('GET /share/{code} shows the public user only', async () => {
    const user = await server.signUp();
    await server.call('POST', '/api/account', { token: user.access, json: { name: 'Linus' } });
    const account = await server.call('GET', '/api/account', { token: user.access });
    const reply = await server.call('GET', `/api/share/${account.body.inviteCode}`);
    expect(reply.status).toBe(200);
    expect(reply.body.name).toBe('Linus');
    for (const key of ['email', 'stripeId', 'plan', 'subscribed', 'subscriptionMessage']) {
      expect(reply.body).not.toHaveProperty(key);
    }
    expect((await server.call('GET', '/api/share/nobodyhere1')).status).toBe(404);
    expect((await server.call('GET', '/api/share/..%2F')).status).toBe(404);
  });

  it('POST /image stores a picture and returns its URL; refuses what is not a picture', async () => {
    const user = await server.signUp();
    const form = new FormData();
    form.set('img', new Blob([makePng(32, 32)], { type: 'image/png' }), 'me.png');
    const reply = await server.call('POST', '/api/image', { token: user.access, form });
    expect(reply.status).toBe(200);
    expect(reply.body.url).toMatch(/\/files\/images\/[0-9a-f-]{36}\.png$/);
    const picture = await fetch(reply.body.url.replace('localhost', '127.0.0.1'));
    expect(picture.headers.get('content-type')).toBe('image/png');

    const jpeg = new FormData();
    jpeg.set('img', new Blob([JPEG_BYTES]), 'me.jpg');
    expect((await server.call('POST', '/api/image', { token: user.access, form: jpeg })).body.url).toMatch(/\.jpg$/);

    const text = new FormData();
    text.set('img', new Blob(['<svg onload=alert(1)>']), 'evil.svg');
    const refused = await server.call('POST', '/api/image', { token: user.access, form: text });
    expect(refused).toMatchObject({ status: 415, body: { msg: 'img: must be a PNG, JPEG, WebP or GIF image' } });
    const missing = await server.call('POST', '/api/image', { token: user.access, form: new FormData() });
    expect(missing).toMatchObject({ status: 400, body: { msg: 'img: a file is required' } });
  });

  it('POST /delete removes the account, its recordings and their files', async () => {
    const user = await server.signUp();
    const { body } = await server.call('GET', '/api/get-vocal', { token: user.access });
    await server.call('POST', '/api/upload-vocal', {
      token: user.access,
      form: uploadForm({
        recording: await threeSecondMp3(),
        image: samplePng(),
        context: { id: body.id, duration: 3, peaks: samplePeaks },
      }),
    });
    expect((await fetch(`${server.url}/files/${body.id}.mp3`)).status).toBe(200);

    const deleted = await server.call('POST', '/api/delete', { token: user.access });
    expect(deleted).toMatchObject({ status: 200, body: { ok: true } });
    expect((await server.call('GET', '/api/account', { token: user.access })).status).toBe(401);
    expect((await server.call('POST', '/api/refresh', { token: user.refresh })).status).toBe(401);
    expect((await server.call('GET', `/api/view-vocal/${body.id}`)).status).toBe(404);
    expect((await fetch(`${server.url}/files/${body.id}.mp3`)).status).toBe(404);
    // The address is free again: signing up with it makes a new, empty account.
    const again = await server.call('POST', '/api/auth', { json: { email: user.email, password: 'another password' } });
    expect(again.status).toBe(201);
  });
});
