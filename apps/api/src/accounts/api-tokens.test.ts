import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_API_TOKENS } from '@vocal/settings-model';
import { apiTokens } from '../db/schema.ts';
import { READ_TOKEN_CANNOT_WRITE, TOKEN_CANNOT_REACH } from '../http/personal-token-reach.ts';
import { embeddedBackend } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';
import { ownerMessage } from '../../test/harness/visitor-helpers.ts';

/** Issue 29, part 2: personal API tokens for scripts and automations. */
describe.each(embeddedBackend)('personal API tokens on %s', (backend) => {
  const server = serverForSuite(backend);

  const make = (session: string, json: unknown) => server.call('POST', '/api/tokens', { token: session, json });

  it('makes a token shown once, lists it without the token, and stores only its hash', async () => {
    const person = await server.signUp();
    const made = await make(person.access, { name: '  Nightly export ', scope: 'read' });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({
      id: expect.any(String),
      name: 'Nightly export',
      scope: 'read',
      token: expect.stringMatching(/^vocal_pat_[A-Za-z0-9_-]{43}$/),
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    const listed = await server.call('GET', '/api/tokens', { token: person.access });
    expect(listed.body).toEqual({
      tokens: [{ id: made.body.id, name: 'Nightly export', scope: 'read', createdAt: made.body.createdAt, lastUsedAt: null }],
    });
    expect(JSON.stringify(listed.body)).not.toContain(made.body.token);
    const [row] = await server.running.services.db.select().from(apiTokens).where(eq(apiTokens.id, made.body.id));
    expect(row!.tokenHash).not.toContain(made.body.token.slice(10));
    expect(JSON.stringify(row)).not.toContain(made.body.token);
  });

  it('a token acts as its owner on the API, and its use is shown as last used', async () => {
    const person = await server.signUp();
    const message = await ownerMessage(server, person.access, { subject: 'For the script' });
    const { body } = await make(person.access, { name: 'Reader', scope: 'read' });
    const audio = await server.call('GET', '/api/audio', { token: body.token });
    expect(audio.status).toBe(200);
    expect(audio.body.audios.map((item: { id: string }) => item.id)).toContain(message);
    const account = await server.call('GET', '/api/account', { token: body.token });
    expect(account.body.email).toBe(person.email);
    const listed = await server.call('GET', '/api/tokens', { token: person.access });
    expect(listed.body.tokens[0].lastUsedAt).not.toBeNull();
  });

  it('a read token may not write; a write token may', async () => {
    const person = await server.signUp();
    const reader = (await make(person.access, { name: 'Reader', scope: 'read' })).body.token;
    const writer = (await make(person.access, { name: 'Writer', scope: 'write' })).body.token;
    const change = { defaults: { notifications: false } };
    const refused = await server.call('POST', '/api/personalisation', { token: reader, json: change });
    expect(refused).toMatchObject({ status: 403, body: { msg: READ_TOKEN_CANNOT_WRITE } });
    const settings = () => server.call('GET', '/api/personalisation', { token: person.access });
    expect((await settings()).body.defaults.notifications).toBe(true);
    expect((await server.call('POST', '/api/personalisation', { token: writer, json: change })).status).toBe(200);
    expect((await settings()).body.defaults.notifications).toBe(false);
  });

  it('no token reaches passwords, email, deletion, sessions, billing or tokens, whatever its scope', async () => {
    const person = await server.signUp();
    const writer = (await make(person.access, { name: 'Writer', scope: 'write' })).body.token;
    const attempts: [string, string, unknown?][] = [
      ['GET', '/api/tokens'],
      ['POST', '/api/tokens', { name: 'Another', scope: 'write' }],
      ['POST', '/api/password/change', { currentPassword: 'correct horse battery', newPassword: 'a brand new passphrase' }],
      ['POST', '/api/account', { email: 'thief@example.com', currentPassword: 'correct horse battery' }],
      ['POST', '/api/account/email/confirmation'],
      ['POST', '/api/delete', { password: 'correct horse battery' }],
      ['POST', '/api/logout'],
      ['GET', '/api/subscription'],
      ['GET', '/api/payments'],
      ['POST', '/api/coupon', { code: 'SPRING' }],
      ['POST', '/api/session-handoff'],
    ];
    for (const [method, path, json] of attempts) {
      const reply = await server.call(method, path, { token: writer, json });
      expect({ method, path, status: reply.status, msg: reply.body.msg }).toEqual({ method, path, status: 403, msg: TOKEN_CANNOT_REACH });
    }
    expect((await server.call('GET', '/api/account', { token: person.access })).body.email).toBe(person.email);
    expect((await server.call('GET', '/api/tokens', { token: person.access })).body.tokens).toHaveLength(1);
  });

  it('revoking stops the token at once; another person cannot see or revoke it', async () => {
    const owner = await server.signUp();
    const stranger = await server.signUp();
    const { body } = await make(owner.access, { name: 'Soon gone', scope: 'write' });
    expect((await server.call('GET', '/api/tokens', { token: stranger.access })).body.tokens).toEqual([]);
    const theirs = await server.call('DELETE', `/api/tokens/${body.id}`, { token: stranger.access });
    expect(theirs).toMatchObject({ status: 404, body: { msg: 'You have no API token with this id' } });
    expect((await server.call('GET', '/api/audio', { token: body.token })).status).toBe(200);
    expect((await server.call('DELETE', `/api/tokens/${body.id}`, { token: owner.access })).status).toBe(200);
    const after = await server.call('GET', '/api/audio', { token: body.token });
    expect(after).toMatchObject({ status: 401, body: { msg: 'This API token is not valid: it was revoked, or never existed' } });
    expect((await server.call('DELETE', `/api/tokens/${body.id}`, { token: owner.access })).status).toBe(404);
  });

  it('refuses bad requests with what is wrong, and makes nothing', async () => {
    const person = await server.signUp();
    const bad: [unknown, RegExp][] = [
      [{ name: '', scope: 'read' }, /Give the token a name/],
      [{ name: 'x'.repeat(101), scope: 'read' }, /at most 100/],
      [{ name: 'Script', scope: 'admin' }, /scope: must be read or write/],
      [{ name: 'Script', scope: 'read', extra: 1 }, /extra/],
      [{ name: 'Script' }, /scope/],
    ];
    for (const [json, message] of bad) {
      const reply = await make(person.access, json);
      expect(reply.status).toBe(400);
      expect(reply.body.msg).toMatch(message);
    }
    expect((await server.call('DELETE', '/api/tokens/not-a-uuid', { token: person.access })).status).toBe(404);
    expect((await server.call('GET', '/api/tokens', { token: person.access })).body.tokens).toEqual([]);
    const forged = await server.call('GET', '/api/audio', { token: `vocal_pat_${'A'.repeat(43)}` });
    expect(forged.status).toBe(401);
  });

  it(`holds at most ${MAX_API_TOKENS} tokens per account, with a clear 409`, async () => {
    const person = await server.signUp();
    await server.running.services.db.insert(apiTokens).values(
      Array.from({ length: MAX_API_TOKENS }, (_, index) => ({
        userId: person.id,
        name: `Old ${index}`,
        scope: 'read' as const,
        tokenHash: `hash-${person.id}-${index}`,
      })),
    );
    const reply = await make(person.access, { name: 'One too many', scope: 'read' });
    expect(reply.status).toBe(409);
    expect(reply.body.msg).toMatch(/revoke one you no longer use/);
  });

  it('a deleted account takes its tokens with it', async () => {
    const person = await server.signUp();
    const { body } = await make(person.access, { name: 'Orphan', scope: 'write' });
    expect((await server.call('POST', '/api/delete', { token: person.access, json: { password: 'correct horse battery' } })).status).toBe(
      200,
    );
    expect(await server.running.services.db.select().from(apiTokens).where(eq(apiTokens.userId, person.id))).toEqual([]);
    expect((await server.call('GET', '/api/audio', { token: body.token })).status).toBe(401);
  });
});
