import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comments } from '../db/schema.ts';
import { embeddedBackend } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';
import { waitFor } from '../../test/harness/upload-form.ts';
import { fromAddress, newAddress, ownerMessage } from '../../test/harness/visitor-helpers.ts';

const HOSTILE = `</script><script>alert(1)</script> & <img src=x onerror="alert(2)">`;

describe.each(embeddedBackend)('comments on %s', (backend) => {
  const server = serverForSuite(backend, { TRUST_PROXY: 'true', VISITOR_RATE_LIMIT: '10' });

  const comment = (id: string, json: unknown, options: { token?: string; address?: string } = {}) =>
    server.call('POST', `/api/comments/${id}`, { json, token: options.token, headers: fromAddress(options.address ?? newAddress()) });
  const commentsOf = async (id: string) => (await server.call('GET', `/api/comments/${id}`)).body;
  const storedFor = (id: string) => server.running.services.db.select().from(comments).where(eq(comments.recordingId, id));

  it('anyone comments without an account; the name defaults to "Someone"; oldest first', async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access);
    expect(await commentsOf(id)).toEqual({ enabled: true, comments: [] });
    const first = await comment(id, { text: '  Great news!  ' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(String), name: 'Someone', text: 'Great news!', createdAt: expect.any(String) });
    const second = await comment(id, { name: ' Grace ', text: 'Agreed' });
    expect(second.body.name).toBe('Grace');
    const listed = await commentsOf(id);
    expect(listed.comments.map((entry: { id: string }) => entry.id)).toEqual([first.body.id, second.body.id]);
    expect(listed.comments[1]).toEqual(second.body);
  });

  it('keeps markup in names and comments as given (pages render it as text)', async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access);
    const posted = await comment(id, { name: HOSTILE.slice(0, 80), text: HOSTILE });
    expect(posted.status).toBe(201);
    const listed = await commentsOf(id);
    expect(listed.comments[0]).toMatchObject({ name: HOSTILE.slice(0, 80), text: HOSTILE });
  });

  it('when the owner turns comments off: GET says so with none listed, POST is refused with 403', async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access);
    await comment(id, { text: 'Before' });
    const turnedOff = await server.call('POST', '/api/personalisation', {
      token: owner.access,
      json: { listenPage: { comments: { enabled: false } } },
    });
    expect(turnedOff.status).toBe(200);
    expect(await commentsOf(id)).toEqual({ enabled: false, comments: [] });
    expect(await comment(id, { text: 'After' })).toMatchObject({
      status: 403,
      body: { msg: 'Comments are turned off for this voice message' },
    });
    expect(await storedFor(id)).toHaveLength(1);
  });

  it('answers a filled honeypot with 201 as if stored, and stores nothing', async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access);
    const trapped = await comment(id, { name: 'Bot', text: 'Buy now', website: 'https://spam.example' });
    expect(trapped.status).toBe(201);
    expect(trapped.body).toMatchObject({ name: 'Bot', text: 'Buy now' });
    expect(await storedFor(id)).toEqual([]);
    expect((await commentsOf(id)).comments).toEqual([]);
  });

  it('validates the comment and the message it is for', async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access);
    const cases: [unknown, RegExp][] = [
      [{}, /^text: is required$/],
      [{ text: '   ' }, /^text: Write a comment first$/],
      [{ text: 'x'.repeat(2001) }, /^text: must be at most 2000 characters$/],
      [{ text: 'hi', name: 'n'.repeat(81) }, /^name: must be at most 80 characters$/],
      [{ text: 42 }, /^text: must be text$/],
    ];
    for (const [json, message] of cases) {
      const reply = await comment(id, json);
      expect(reply.status, JSON.stringify(json).slice(0, 40)).toBe(400);
      expect(reply.body.msg).toMatch(message);
    }
    for (const missing of ['AAAAAAAAAAAA', 'bad%20id']) {
      expect(await comment(missing, { text: 'hi' })).toMatchObject({
        status: 404,
        body: { msg: 'This voice message does not exist or was deleted' },
      });
      expect((await server.call('GET', `/api/comments/${missing}`)).status).toBe(404);
    }
    await server.call('POST', `/api/edit/${id}`, { token: owner.access, json: { expiryDate: new Date(Date.now() - 1000).toISOString() } });
    expect(await comment(id, { text: 'hi' })).toMatchObject({ status: 410, body: { msg: 'This voice message has expired' } });
    expect((await server.call('GET', `/api/comments/${id}`)).status).toBe(410);
  });

  it('a signed-in commenter is fine; a token that fails is a 401 so the client refreshes', async () => {
    const owner = await server.signUp();
    const visitor = await server.signUp();
    const id = await ownerMessage(server, owner.access);
    expect((await comment(id, { text: 'Signed in' }, { token: visitor.access })).status).toBe(201);
    const [stored] = await storedFor(id);
    expect(stored?.userId).toBe(visitor.id);
    expect(await comment(id, { text: 'Stale' }, { token: await server.expiredToken(visitor.id) })).toMatchObject({
      status: 401,
      body: { msg: 'Token has expired' },
    });
    expect((await server.call('GET', `/api/comments/${id}`, { token: 'not.a.token' })).status).toBe(401);
  });

  it('rate-limits comments per address with 429 {msg} and Retry-After', async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access);
    const address = newAddress();
    for (let attempt = 0; attempt < 10; attempt++)
      expect((await comment(id, { text: `Comment ${attempt}` }, { address })).status).toBe(201);
    const limited = await comment(id, { text: 'One more' }, { address });
    expect(limited.status).toBe(429);
    expect(limited.body.msg).toMatch(/^Too many comments from here\. Try again in \d+ seconds\.$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await storedFor(id)).toHaveLength(10);
  });

  it('only the message’s owner deletes a comment; anyone else gets 404', async () => {
    const owner = await server.signUp();
    const stranger = await server.signUp();
    const id = await ownerMessage(server, owner.access);
    const posted = await comment(id, { text: 'Delete me' });
    const commentId = posted.body.id as string;
    expect(await server.call('DELETE', `/api/comments/${commentId}`, { token: stranger.access })).toMatchObject({
      status: 404,
      body: { msg: 'Comment not found' },
    });
    for (const bad of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      expect((await server.call('DELETE', `/api/comments/${bad}`, { token: owner.access })).status).toBe(404);
    }
    expect(await server.call('DELETE', `/api/comments/${commentId}`, { token: owner.access })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect((await commentsOf(id)).comments).toEqual([]);
    expect((await server.call('DELETE', `/api/comments/${commentId}`, { token: owner.access })).status).toBe(404);
  });

  it('deleting the message, or the account, removes its comments', async () => {
    const owner = await server.signUp();
    const commenter = await server.signUp();
    const first = await ownerMessage(server, owner.access);
    const second = await ownerMessage(server, owner.access);
    await comment(first, { text: 'On the first' });
    await comment(second, { text: 'On the second' });
    const elsewhere = await ownerMessage(server, commenter.access);
    await comment(elsewhere, { text: 'By the owner, elsewhere' }, { token: owner.access });
    await server.call('DELETE', `/api/delete/${first}`, { token: owner.access });
    // Gone for everyone at once; the rows go with the job that deletes the message's files.
    expect((await server.call('GET', `/api/comments/${first}`)).status).toBe(404);
    await waitFor(
      () => storedFor(first),
      (stored) => stored.length === 0,
    );
    expect(await storedFor(second)).toHaveLength(1);
    await server.call('POST', '/api/delete', { token: owner.access, json: { password: 'correct horse battery' } });
    expect(await storedFor(second)).toEqual([]);
    // What they wrote on someone else's message goes with their account too (it carries their name).
    expect(await storedFor(elsewhere)).toEqual([]);
  });
});
