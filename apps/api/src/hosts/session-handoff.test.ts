import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_HANDOFF_SPENT } from '@vocal/settings-model';
import { sessionHandoffs, sessions } from '../db/schema.ts';
import { backends, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

describe.each(backends)('session handoff on %s', (backend) => {
  const server = serverForSuite(backend);

  const db = () => server.running.services.db;
  const newCode = async (token: string) => {
    const reply = await server.call('POST', '/api/session-handoff', { token });
    expect(reply.status).toBe(201);
    return reply.body.code as string;
  };
  const claim = (code: unknown) => server.call('POST', '/api/session-handoff/claim', { json: { code } });
  const sessionsOf = async (userId: number) => db().select().from(sessions).where(eq(sessions.userId, userId));
  const handoffRows = () => db().select().from(sessionHandoffs);

  it('gives a signed-in user a long random code, stored only as its hash, valid two minutes', async () => {
    const user = await server.signUp();
    const started = Date.now();
    const reply = await server.call('POST', '/api/session-handoff', { token: user.access });
    expect(reply.status).toBe(201);
    expect(Object.keys(reply.body)).toEqual(['code']);
    const code = reply.body.code as string;
    expect(code).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    const rows = (await handoffRows()).filter((row) => row.userId === user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toBe(sha256(code));
    expect(JSON.stringify(rows)).not.toContain(code);
    const lifetime = rows[0]!.expiresAt.getTime() - started;
    expect(lifetime).toBeGreaterThan(100_000);
    expect(lifetime).toBeLessThanOrEqual(121_000 + (Date.now() - started));
    // Two codes are two different codes.
    expect(await newCode(user.access)).not.toBe(code);
  });

  it('claims a code for a new session of the same user, which signs out on its own', async () => {
    const user = await server.signUp();
    const before = await sessionsOf(user.id);
    const reply = await claim(await newCode(user.access));
    expect(reply.status).toBe(200);
    // Exactly the sign-in answer's shape.
    expect(Object.keys(reply.body).sort()).toEqual(['access_token', 'refresh_token']);
    const account = await server.call('GET', '/api/account', { token: reply.body.access_token });
    expect(account).toMatchObject({ status: 200, body: { id: user.id, email: user.email } });

    // A session of its own, with its own refresh token.
    const after = await sessionsOf(user.id);
    expect(after).toHaveLength(before.length + 1);
    const newSession = decodeJwt(reply.body.access_token).sid;
    expect(newSession).not.toBe(decodeJwt(user.access).sid);
    expect(after.map((session) => session.id)).toContain(newSession);

    // Signing out the extension's session leaves the web app's, and the other way round.
    expect((await server.call('POST', '/api/logout', { token: reply.body.access_token })).status).toBe(200);
    expect((await server.call('GET', '/api/account', { token: reply.body.access_token })).status).toBe(401);
    expect((await server.call('GET', '/api/account', { token: user.access })).status).toBe(200);
    expect((await server.call('POST', '/api/refresh', { token: user.refresh })).status).toBe(200);

    const second = await claim(await newCode(user.access));
    const web = await server.call('POST', '/api/auth', { json: { email: user.email, password: 'correct horse battery' } });
    expect((await server.call('POST', '/api/logout', { token: web.body.access_token })).status).toBe(200);
    expect((await server.call('GET', '/api/account', { token: second.body.access_token })).status).toBe(200);
    expect((await server.call('POST', '/api/refresh', { token: second.body.refresh_token })).status).toBe(200);
  });

  it('takes a code once: the second claim is 404 and makes no session', async () => {
    const user = await server.signUp();
    const code = await newCode(user.access);
    expect((await claim(code)).status).toBe(200);
    const count = (await sessionsOf(user.id)).length;
    expect(await claim(code)).toMatchObject({ status: 404, body: { msg: SESSION_HANDOFF_SPENT } });
    expect(await sessionsOf(user.id)).toHaveLength(count);
    expect((await handoffRows()).filter((row) => row.userId === user.id)).toEqual([]);
  });

  it('of parallel claims of one code, exactly one gets a session', async () => {
    const user = await server.signUp();
    const code = await newCode(user.access);
    const count = (await sessionsOf(user.id)).length;
    const replies = await Promise.all(Array.from({ length: 8 }, () => claim(code)));
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 404, 404, 404, 404, 404, 404, 404]);
    for (const reply of replies.filter((candidate) => candidate.status === 404)) expect(reply.body).toEqual({ msg: SESSION_HANDOFF_SPENT });
    expect(await sessionsOf(user.id)).toHaveLength(count + 1);
  });

  it('refuses an expired code and an unknown one alike, writing nothing; the sweep and the next code clear expired rows', async () => {
    const user = await server.signUp();
    const code = await newCode(user.access);
    await db()
      .update(sessionHandoffs)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessionHandoffs.codeHash, sha256(code)));
    const count = (await sessionsOf(user.id)).length;
    expect(await claim(code)).toEqual(expect.objectContaining({ status: 404, body: { msg: SESSION_HANDOFF_SPENT } }));
    expect(await claim('Z'.repeat(43))).toEqual(expect.objectContaining({ status: 404, body: { msg: SESSION_HANDOFF_SPENT } }));
    expect(await sessionsOf(user.id)).toHaveLength(count);
    // A refused claim leaves the expired row to the sweep.
    expect((await handoffRows()).some((row) => row.codeHash === sha256(code))).toBe(true);

    const other = await newCode((await server.signUp()).access);
    // A new code clears expired ones as it is written.
    expect((await handoffRows()).some((row) => row.codeHash === sha256(code))).toBe(false);

    // The periodic sweep deletes expired codes and keeps live ones.
    const live = await newCode(user.access);
    await db()
      .update(sessionHandoffs)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessionHandoffs.codeHash, sha256(live)));
    expect(await server.running.services.sessionHandoffs.forgetExpired()).toBeGreaterThanOrEqual(1);
    const left = (await handoffRows()).map((row) => row.codeHash);
    expect(left).not.toContain(sha256(live));
    expect(left).toContain(sha256(other));
    expect((await claim(other)).status).toBe(200);
  });

  it('refuses malformed claims with 400 naming the field, non-JSON with 415, and changes nothing', async () => {
    const user = await server.signUp();
    const code = await newCode(user.access);
    const count = (await sessionsOf(user.id)).length;
    const post = (options: Parameters<TestServer['call']>[2]) => server.call('POST', '/api/session-handoff/claim', options);
    expect(await post({ json: {} })).toMatchObject({ status: 400, body: { msg: 'code: is required' } });
    for (const bad of ['short', 42, null, `${'a'.repeat(40)}!!!`, 'a'.repeat(200)]) {
      const reply = await post({ json: { code: bad } });
      expect(reply.status, String(bad)).toBe(400);
      expect(reply.body.msg).toMatch(/^code: /);
    }
    expect(await post({ body: '{"code":', headers: { 'content-type': 'application/json' } })).toMatchObject({ status: 400 });
    expect(await post({ body: JSON.stringify({ code }), headers: { 'content-type': 'text/plain' } })).toMatchObject({
      status: 415,
      body: { msg: expect.any(String) },
    });
    expect(await sessionsOf(user.id)).toHaveLength(count);
    // The code survived every refusal.
    expect((await claim(code)).status).toBe(200);
  });

  it('makes codes only for a signed-in session', async () => {
    const user = await server.signUp();
    const rows = (await handoffRows()).length;
    expect(await server.call('POST', '/api/session-handoff')).toMatchObject({ status: 401, body: { msg: expect.any(String) } });
    expect((await server.call('POST', '/api/session-handoff', { token: await server.expiredToken(user.id) })).status).toBe(401);
    expect((await server.call('POST', '/api/session-handoff', { token: 'not-a-token' })).status).toBe(401);
    // A signed-out session cannot make one either.
    const other = await server.call('POST', '/api/auth', { json: { email: user.email, password: 'correct horse battery' } });
    await server.call('POST', '/api/logout', { token: other.body.access_token });
    expect((await server.call('POST', '/api/session-handoff', { token: other.body.access_token })).status).toBe(401);
    expect(await handoffRows()).toHaveLength(rows);
  });

  it('deleting the account takes its codes with it', async () => {
    const user = await server.signUp();
    const code = await newCode(user.access);
    expect((await server.call('POST', '/api/delete', { token: user.access, json: { password: 'correct horse battery' } })).status).toBe(
      200,
    );
    expect((await handoffRows()).some((row) => row.userId === user.id)).toBe(false);
    expect((await claim(code)).status).toBe(404);
  });
});

describe.each(backends)('session handoff claims are throttled per client address on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 429 with Retry-After once an address has guessed its share, and another address is not held up', async () => {
    const guess = (address: string) =>
      server.call('POST', '/api/session-handoff/claim', { json: { code: 'G'.repeat(43) }, headers: { 'x-forwarded-for': address } });
    for (let attempt = 0; attempt < 3; attempt++) expect((await guess('10.1.1.1')).status).toBe(404);
    const refused = await guess('10.1.1.1');
    expect(refused).toMatchObject({
      status: 429,
      body: { msg: expect.stringMatching(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/) },
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await guess('10.2.2.2')).status).toBe(404);
  });
});
