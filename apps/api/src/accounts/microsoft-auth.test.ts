import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startMicrosoftIdentity,
  TEST_MICROSOFT_CLIENT_ID,
  type MicrosoftIdentityServer,
} from '../../test/harness/microsoft-identity-server.ts';
import { embeddedBackend, startTestServer, type Reply, type TestServer } from '../../test/harness/test-server.ts';
import { watchWrites, type WriteWatch } from '../../test/harness/write-watch.ts';

let counter = 0;
const newEmail = () => `ms${++counter}-${Date.now()}@contoso.example`;

describe.each(embeddedBackend)('POST /microsoft-auth on %s', (backend) => {
  let identity: MicrosoftIdentityServer;
  let server: TestServer;
  let watch: WriteWatch;

  beforeAll(async () => {
    identity = await startMicrosoftIdentity();
    server = await startTestServer(backend, { ...identity.env(), PUBLIC_URL: 'https://voice.example.com' });
    // Jobs write on their own time; stopped, every write belongs to a request.
    await server.running.worker.stop();
    watch = await watchWrites(server.running.services.db, server.dataDir);
  });
  afterAll(async () => {
    await server?.close();
    await identity?.close();
  });

  const exchange = (token: unknown) => server.call('POST', '/api/microsoft-auth', { json: { token } });

  it('says it is on, with the client id the tokens must be for', async () => {
    expect((await server.call('GET', '/api/signup-policy')).body).toEqual({
      signup: 'open',
      contact: null,
      microsoft: { clientId: TEST_MICROSOFT_CLIENT_ID },
    });
  });

  it('creates the account of a new address on first use, named as Microsoft names the person, then signs it in', async () => {
    const email = newEmail();
    const first = await exchange(await identity.sign(email.toUpperCase()));
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) });
    const account = await server.call('GET', '/api/account', { token: first.body.access_token });
    expect(account.body).toMatchObject({ email, name: 'Ada Lovelace' });

    const again = await exchange(await identity.sign(email));
    expect(again.status).toBe(200);
    const same = await server.call('GET', '/api/account', { token: again.body.access_token });
    expect(same.body.id).toBe(account.body.id);
    // The refresh token works like any other.
    expect((await server.call('POST', '/api/refresh', { token: again.body.refresh_token })).status).toBe(200);
  });

  it('signs in to the account an address already has, keeping its password', async () => {
    const existing = await server.signUp(newEmail());
    const reply = await exchange(await identity.sign(existing.email));
    expect(reply.status).toBe(200);
    expect((await server.call('GET', '/api/account', { token: reply.body.access_token })).body.id).toBe(existing.id);
    const password = await server.call('POST', '/api/signin', { json: { email: existing.email, password: 'correct horse battery' } });
    expect(password.status).toBe(200);
  });

  it('refuses every token it cannot trust with a 4xx that says why, and writes nothing', async () => {
    const email = newEmail();
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    const valid = await identity.sign(email);
    const [header, payload] = valid.split('.');
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const cases: [string, () => Promise<Reply>, number, RegExp][] = [
      ['wrong audience', async () => exchange(await identity.sign(email, { aud: 'another-app' })), 401, /another application/],
      ['wrong issuer', async () => exchange(await identity.sign(email, { iss: 'https://login.evil.example/x/v2.0' })), 401, /issuer/],
      ['expired', async () => exchange(await identity.sign(email, { iat: hourAgo - 60, nbf: hourAgo - 60, exp: hourAgo })), 401, /expired/],
      ['unsigned (alg: none)', async () => exchange(`${noneHeader}.${payload}.`), 401, /must be signed/],
      [
        'signed by another key',
        async () => exchange(await identity.sign(email, {}, { key: 'unpublished' })),
        401,
        /not signed by Microsoft/,
      ],
      [
        'another key under an unknown id',
        async () => exchange(await identity.sign(email, {}, { key: 'unpublished', keyId: 'elsewhere' })),
        401,
        /not signed by Microsoft/,
      ],
      [
        'a changed payload',
        async () => exchange(`${header}.${Buffer.from('{"preferred_username":"x@y.z"}').toString('base64url')}.${valid.split('.')[2]}`),
        401,
        /not signed by Microsoft/,
      ],
      ['not a JWT', async () => exchange('not-a-token'), 401, /not a signed JWT/],
      [
        'another tenant',
        async () => exchange(await identity.sign(email, { tid: 'c4d1e2f3-a4b5-4c6d-8e7f-901234567890' })),
        403,
        /organisation/,
      ],
      ['no verified address', async () => exchange(await identity.sign('not an address')), 403, /no verified email/],
      ['no token', async () => server.call('POST', '/api/microsoft-auth', { json: {} }), 400, /token: is required/],
      ['a number', async () => exchange(42), 400, /token/],
      ['a huge token', async () => exchange('x'.repeat(20_000)), 400, /token: must be at most/],
      [
        'not JSON',
        async () => server.call('POST', '/api/microsoft-auth', { body: 'token=x', headers: { 'content-type': 'application/json' } }),
        400,
        /not valid JSON/,
      ],
      [
        'a form',
        async () =>
          server.call('POST', '/api/microsoft-auth', {
            body: `token=${valid}`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }),
        415,
        /must be JSON/,
      ],
    ];
    for (const [name, send, status, message] of cases) {
      const mark = await watch.mark();
      const reply = await send();
      expect(reply.status, `${name}: ${JSON.stringify(reply.body)}`).toBe(status);
      expect(reply.body.msg, name).toMatch(message);
      expect((await watch.since(mark)).written, name).toEqual([]);
    }
    // None of them made the account.
    expect((await server.call('POST', '/api/password/forgot', { json: { email } })).status).toBe(200);
    expect((await exchange(valid)).status).toBe(201);
  });
});

describe('Microsoft sign-in under SIGNUP and when it is off', () => {
  let identity: MicrosoftIdentityServer;
  let invite: TestServer;
  let off: TestServer;
  beforeAll(async () => {
    identity = await startMicrosoftIdentity();
    [invite, off] = await Promise.all([startTestServer('pglite', { ...identity.env(), SIGNUP: 'invite' }), startTestServer('pglite')]);
  });
  afterAll(async () => {
    await Promise.all([invite?.close(), off?.close()]);
    await identity?.close();
  });

  it('makes no account when sign-up is not open, and still signs in one that exists', async () => {
    const stranger = await invite.call('POST', '/api/microsoft-auth', { json: { token: await identity.sign('new@contoso.example') } });
    expect(stranger).toMatchObject({ status: 403, body: { msg: expect.stringMatching(/by invitation only/) } });
    await invite.running.services.admin.createUser({ email: 'invited@contoso.example', password: 'correct horse battery' });
    const invited = await invite.call('POST', '/api/microsoft-auth', { json: { token: await identity.sign('invited@contoso.example') } });
    expect(invited.status).toBe(200);
  });

  it('is a 404 that says it is not configured, and the signup policy says it is off', async () => {
    const reply = await off.call('POST', '/api/microsoft-auth', { json: { token: await identity.sign('someone@contoso.example') } });
    expect(reply).toMatchObject({ status: 404, body: { msg: expect.stringMatching(/not configured on this server/) } });
    expect((await off.call('GET', '/api/signup-policy')).body).toEqual({ signup: 'open', contact: null, microsoft: null });
  });
});
