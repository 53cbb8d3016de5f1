import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../testing/test-server.ts';

describe.each(backends)('accounts and tokens on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server.close());

  it('POST /auth creates an account for a new email (201) and signs in after (200)', async () => {
    const credentials = { email: 'New.Person@Example.com', password: 'long enough secret' };
    const created = await server.call('POST', '/api/auth', { json: credentials });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ access_token: expect.any(String), refresh_token: expect.stringMatching(/^rt_/) });

    const again = await server.call('POST', '/api/auth', { json: { ...credentials, email: 'new.person@example.com' } });
    expect(again.status).toBe(200);
    const account = await server.call('GET', '/api/account', { token: again.body.access_token });
    expect(account.body.email).toBe('new.person@example.com');
  });

  it('a wrong password is 401 with a message and issues nothing', async () => {
    const user = await server.signUp();
    const reply = await server.call('POST', '/api/auth', { json: { email: user.email, password: 'wrong password!' } });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ msg: 'Wrong password for this email address' });
  });

  it.each([
    [{ email: 'not-an-email', password: 'long enough' }, /email: must be a valid email address/],
    [{ email: 'a@b.co', password: 'short' }, /password: must be at least 8 characters/],
    [{ email: 'a@b.co' }, /password: is required/],
    [{ email: 42, password: 'long enough' }, /email/],
    [[], /expected object/],
  ])('refuses bad credentials %j with 400 and creates no account', async (body, message) => {
    const reply = await server.call('POST', '/api/auth', { json: body });
    expect(reply.status).toBe(400);
    expect(reply.body.msg).toMatch(message);
    const users = await server.running.services.admin.listUsers();
    expect(users.map((user) => user.email)).not.toContain('a@b.co');
  });

  it('refuses a body that is not JSON, and one that is too big', async () => {
    const broken = await server.call('POST', '/api/auth', { body: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(broken).toMatchObject({ status: 400, body: { msg: 'The body is not valid JSON' } });
    const huge = await server.call('POST', '/api/auth', { json: { email: 'a@b.co', password: 'x'.repeat(300_000) } });
    expect(huge.status).toBe(413);
    expect(huge.body.msg).toMatch(/larger than/);
  });

  it('stores passwords hashed with scrypt, never in clear', async () => {
    const user = await server.signUp(undefined, 'plain text never stored');
    const [row] = await server.running.services.db.query.users.findMany({
      where: (users, { eq }) => eq(users.email, user.email),
    });
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(row?.passwordHash).not.toContain('plain text');
  });

  it('POST /refresh rotates: a new pair, and the old refresh token is spent', async () => {
    const user = await server.signUp();
    const first = await server.call('POST', '/api/refresh', { token: user.refresh });
    expect(first.status).toBe(200);
    expect(first.body.access_token).toEqual(expect.any(String));
    expect(first.body.refresh_token).not.toBe(user.refresh);
    const account = await server.call('GET', '/api/account', { token: first.body.access_token });
    expect(account.status).toBe(200);

    const reused = await server.call('POST', '/api/refresh', { token: user.refresh });
    expect(reused.status).toBe(401);
    expect(reused.body.msg).toMatch(/already used/);
    // Within the grace period the session survives a duplicate refresh (two tabs at once).
    const next = await server.call('POST', '/api/refresh', { token: first.body.refresh_token });
    expect(next.status).toBe(200);
  });

  it('refuses refresh tokens that are missing, unknown or an access token', async () => {
    const user = await server.signUp();
    expect((await server.call('POST', '/api/refresh')).status).toBe(401);
    expect((await server.call('POST', '/api/refresh', { token: 'rt_unknown' })).body).toEqual({ msg: 'Invalid refresh token' });
    expect((await server.call('POST', '/api/refresh', { token: user.access })).status).toBe(401);
  });

  it('POST /logout revokes the session: its access and refresh tokens stop working', async () => {
    const user = await server.signUp();
    expect((await server.call('POST', '/api/logout', { token: user.access })).status).toBe(200);
    const account = await server.call('GET', '/api/account', { token: user.access });
    expect(account).toMatchObject({ status: 401, body: { msg: 'This session has been signed out' } });
    const refresh = await server.call('POST', '/api/refresh', { token: user.refresh });
    expect(refresh).toMatchObject({ status: 401, body: { msg: 'This session has been signed out' } });
  });

  it('answers the spec messages for expired, malformed and forged tokens', async () => {
    const user = await server.signUp();
    const expired = await server.call('GET', '/api/account', { token: await server.expiredToken(user.id) });
    expect(expired).toMatchObject({ status: 401, body: { msg: 'Token has expired' } });
    const malformed = await server.call('GET', '/api/account', { token: 'garbage' });
    expect(malformed).toMatchObject({ status: 401, body: { msg: 'Not enough segments' } });
    const forged = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('a-different-secret-of-the-same-sort-of-length!!'));
    expect(await server.call('GET', '/api/account', { token: forged })).toMatchObject({
      status: 401,
      body: { msg: 'Signature verification failed' },
    });
    const [header, payload] = user.access.split('.');
    const unsigned = `${header}.${payload}.`;
    expect((await server.call('GET', '/api/account', { token: unsigned })).status).toBe(401);
    const noneAlg = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect((await server.call('GET', '/api/account', { token: noneAlg })).status).toBe(401);
  });

  it('rate-limits all sign-in attempts per client address', async () => {
    const strict = await startTestServer(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        statuses.push((await strict.call('POST', '/api/auth', { json: { email: `a${attempt}@b.co`, password: 'long enough' } })).status);
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
      const users = await strict.running.services.admin.listUsers();
      expect(users).toHaveLength(3);
    } finally {
      await strict.close();
    }
  });

  it('rate-limits failed sign-ins per email with 429 and a message', async () => {
    const user = await server.signUp();
    let reply;
    for (let attempt = 0; attempt < 11; attempt++) {
      reply = await server.call('POST', '/api/auth', { json: { email: user.email, password: 'wrong password!' } });
    }
    expect(reply!.status).toBe(429);
    expect(reply!.body.msg).toMatch(/Too many failed sign-ins/);
    expect(reply!.headers.get('retry-after')).toMatch(/^\d+$/);
    // Even the right password waits: the guessing stops here.
    const right = await server.call('POST', '/api/auth', { json: { email: user.email, password: 'correct horse battery' } });
    expect(right.status).toBe(429);
  });
});
