import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { users as usersTable } from '../db/schema.ts';
import { hashPassword } from './passwords.ts';
import { backends, embeddedBackend, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';

describe.each(backends)('accounts and tokens on %s', (backend) => {
  const server = serverForSuite(backend);

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

  it.each([
    ['password123', /^password: is one of the most common passwords/],
    ['Iloveyou1', /^password: is one of the most common passwords/],
    ['qwertyuiop', /^password: is one of the most common passwords/],
    [' '.repeat(12), /^password: must not be only spaces$/],
  ])('refuses to create an account with the password %j, and creates none', async (password, message) => {
    const email = `weak-${password.trim().length}-${Date.now()}@example.com`;
    const reply = await server.call('POST', '/api/auth', { json: { email, password } });
    expect(reply.status).toBe(400);
    expect(reply.body.msg).toMatch(message);
    const users = await server.running.services.admin.listUsers();
    expect(users.map((user) => user.email)).not.toContain(email);
  });

  it('the admin command refuses a common password too', async () => {
    const email = `admin-made-${Date.now()}@example.com`;
    await expect(server.running.services.admin.createUser({ email, password: 'Password123' })).rejects.toThrow(/most common passwords/);
    expect((await server.running.services.admin.listUsers()).map((user) => user.email)).not.toContain(email);
  });

  it('still signs in an account whose password predates the rules', async () => {
    const email = `old-timer-${Date.now()}@example.com`;
    await server.running.services.db
      .insert(usersTable)
      .values({ email, passwordHash: await hashPassword('password1', 1024), inviteCode: `old${Date.now()}`.slice(0, 12) });
    const reply = await server.call('POST', '/api/auth', { json: { email, password: 'password1' } });
    expect(reply.status).toBe(200);
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

  describe('throttling wrong passwords', () => {
    let proxied: TestServer;
    beforeAll(async () => {
      proxied = await startTestServer(backend, { TRUST_PROXY: 'true' });
    });
    afterAll(() => proxied.close());
    // The backoff is timed by the server's clock: held still here, moved on by hand.
    beforeEach(() => void vi.useFakeTimers({ toFake: ['Date'], now: new Date() }));
    afterEach(() => void vi.useRealTimers());

    const signIn = (email: string, password: string, address: string) =>
      proxied.call('POST', '/api/auth', { json: { email, password }, headers: { 'x-forwarded-for': address } });
    const wrong = (email: string, address: string) => signIn(email, 'wrong password!', address);
    const later = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

    it('lets exactly five of ten parallel guesses through, and not the owner from elsewhere', async () => {
      const owner = await proxied.signUp();
      const replies = await Promise.all(Array.from({ length: 10 }, () => wrong(owner.email, '198.51.100.1')));
      expect(replies.filter((reply) => reply.status === 401)).toHaveLength(5);
      const refused = replies.filter((reply) => reply.status === 429);
      expect(refused).toHaveLength(5);
      expect(refused[0]!.body.msg).toBe('Too many failed sign-ins. Try again in 1 seconds.');
      expect(refused[0]!.headers.get('retry-after')).toBe('1');
      // The guesser's address waits even with the right password...
      expect((await signIn(owner.email, 'correct horse battery', '198.51.100.1')).status).toBe(429);
      // ...while the owner at home signs in at once.
      expect((await signIn(owner.email, 'correct horse battery', '203.0.113.9')).status).toBe(200);
    });

    it('waits twice as long after each further failure, and a success starts afresh', async () => {
      const owner = await proxied.signUp();
      const address = '198.51.100.2';
      for (let attempt = 0; attempt < 5; attempt++) expect((await wrong(owner.email, address)).status).toBe(401);
      const waits = [];
      for (let step = 0; step < 4; step++) {
        const refused = await wrong(owner.email, address);
        expect(refused.status).toBe(429);
        const wait = Number(refused.headers.get('retry-after'));
        waits.push(wait);
        later(wait - 0.5);
        expect((await wrong(owner.email, address)).status).toBe(429);
        later(0.5);
        expect((await wrong(owner.email, address)).status).toBe(401);
      }
      expect(waits).toEqual([1, 2, 4, 8]);
      later(16);
      expect((await signIn(owner.email, 'correct horse battery', address)).status).toBe(200);
      for (let attempt = 0; attempt < 5; attempt++) expect((await wrong(owner.email, address)).status).toBe(401);
    });

    it('never waits more than 15 minutes', async () => {
      const owner = await proxied.signUp();
      const address = '198.51.100.3';
      for (let attempt = 0; attempt < 5; attempt++) await wrong(owner.email, address);
      let wait = 0;
      for (let step = 0; step < 12; step++) {
        wait = Number((await wrong(owner.email, address)).headers.get('retry-after'));
        later(wait);
        expect((await wrong(owner.email, address)).status).toBe(401);
      }
      expect(wait).toBe(900);
    });

    it("stops guessing from many addresses at a ceiling that the owner's own client passes", async () => {
      const owner = await proxied.signUp();
      expect((await signIn(owner.email, 'correct horse battery', '203.0.113.10')).status).toBe(200);
      for (let address = 0; address < 39; address++) {
        await Promise.all(Array.from({ length: 5 }, () => wrong(owner.email, `192.0.2.${address}`)));
      }
      // 195 failures so far: of 20 at once from 20 more addresses, exactly 5 are tried.
      const replies = await Promise.all(Array.from({ length: 20 }, (_, index) => wrong(owner.email, `192.0.2.${100 + index}`)));
      expect(replies.filter((reply) => reply.status === 401)).toHaveLength(5);
      expect((await wrong(owner.email, '192.0.2.200')).body.msg).toMatch(/^Too many failed sign-ins for this account/);
      expect((await signIn(owner.email, 'correct horse battery', '192.0.2.201')).status).toBe(429);
      expect((await signIn(owner.email, 'correct horse battery', '203.0.113.10')).status).toBe(200);
    });
  });
});

/**
 * The per-address failure cap, counted over many accounts one request after another: the same
 * counting on either database (the parallel races above run on both), so PGlite only; these two
 * make some 400 sequential requests, which cost minutes of a loaded check run twice.
 */
describe.each(embeddedBackend)('throttling across many accounts on %s', (backend) => {
  let proxied: TestServer;
  beforeAll(async () => {
    proxied = await startTestServer(backend, { TRUST_PROXY: 'true' });
  });
  afterAll(() => proxied.close());

  const wrong = (email: string, address: string) =>
    proxied.call('POST', '/api/auth', { json: { email, password: 'wrong password!' }, headers: { 'x-forwarded-for': address } });

  it('limits failures from one address across all emails, not other addresses', async () => {
    const users = [];
    for (let index = 0; index < 10; index++) users.push(await proxied.signUp());
    for (const user of users) {
      for (let attempt = 0; attempt < 5; attempt++) expect((await wrong(user.email, '198.51.100.4')).status).toBe(401);
    }
    const another = await proxied.signUp();
    const refused = await wrong(another.email, '198.51.100.4');
    expect(refused).toMatchObject({ status: 429, body: { msg: expect.stringMatching(/^Too many failed sign-ins from your network/) } });
    expect((await wrong(another.email, '198.51.100.5')).status).toBe(401);
  });

  it('lets one address sign up past the failure cap through the login page, but not probe past it', async () => {
    // The login page's path for a new person: the sign-in that finds no account, then sign-up.
    const address = '198.51.100.6';
    const lookUp = (email: string) =>
      proxied.call('POST', '/api/signin', { json: { email, password: 'correct horse battery' }, headers: { 'x-forwarded-for': address } });
    for (let person = 0; person < 55; person++) {
      const email = `office-${person}-${Date.now()}@example.com`;
      expect((await lookUp(email)).status).toBe(404);
      const created = await proxied.call('POST', '/api/signup', {
        json: { email, password: 'correct horse battery', name: `Person ${person}` },
        headers: { 'x-forwarded-for': address },
      });
      expect(created.status).toBe(201);
    }
    // Looking addresses up without creating them still counts: the 51st is refused.
    const statuses = [];
    for (let probe = 0; probe < 51; probe++) statuses.push((await lookUp(`probe-${probe}-${Date.now()}@example.com`)).status);
    expect(statuses.slice(0, 50).every((status) => status === 404)).toBe(true);
    expect(statuses[50]).toBe(429);
    // And creating an account gives back only its own lookup, not another address's: after
    // 49 probes and a sign-up the address has one failure left, then it is refused.
    const another = '198.51.100.7';
    const probe = (email: string) =>
      proxied.call('POST', '/api/signin', { json: { email, password: 'correct horse battery' }, headers: { 'x-forwarded-for': another } });
    for (let index = 0; index < 49; index++) expect((await probe(`other-probe-${index}-${Date.now()}@example.com`)).status).toBe(404);
    const fresh = await proxied.call('POST', '/api/signup', {
      json: { email: `fresh-${Date.now()}@example.com`, password: 'correct horse battery', name: 'Fresh' },
      headers: { 'x-forwarded-for': another },
    });
    expect(fresh.status).toBe(201);
    expect((await probe(`last-probe-${Date.now()}@example.com`)).status).toBe(404);
    expect((await probe(`one-more-${Date.now()}@example.com`)).status).toBe(429);
  });
});
