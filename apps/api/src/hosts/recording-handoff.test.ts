import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RECORDING_HANDOFF_ALREADY_DELIVERED,
  RECORDING_HANDOFF_SPENT,
  recordingHandoffClaimResponseSchema,
  DEFAULT_THEMES,
  SHARE,
  SIGNATURE_DEFAULT_MESSAGE,
} from '@vocal/settings-model';
import { recordingHandoffs, recordings } from '../db/schema.ts';
import { HANDOFF_RECORDING_DELETED, HANDOFF_RECORDING_NOT_FOUND } from './recording-handoff-service.ts';
import { backends, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';
import { ownerMessage } from '../../test/harness/visitor-helpers.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
const PASSWORD = 'correct horse battery';

describe.each(backends)('recording handoff on %s', (backend) => {
  const server = serverForSuite(backend);

  const db = () => server.running.services.db;
  const create = async (host = 'gmail') => {
    const reply = await server.call('POST', '/api/recording-handoff', { json: { host } });
    expect(reply.status).toBe(201);
    return reply.body as { id: string; secret: string; expiresAt: string };
  };
  const status = (id: string) => server.call('GET', `/api/recording-handoff/${id}`);
  const share = (id: string, token: string | undefined, recordingId: unknown) =>
    server.call('POST', `/api/recording-handoff/${id}/share`, { token, json: { recordingId } });
  const claim = (id: string, secret: unknown) => server.call('POST', `/api/recording-handoff/${id}/claim`, { json: { secret } });
  const rowOf = async (id: string) => (await db().select().from(recordingHandoffs).where(eq(recordingHandoffs.id, id)))[0];
  const expire = (id: string) =>
    db()
      .update(recordingHandoffs)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(recordingHandoffs.id, id));
  const spent = { status: 404, body: { msg: RECORDING_HANDOFF_SPENT } };

  it('creates a handoff without a sign-in: a URL-safe id, a secret stored only as its hash, 30 minutes', async () => {
    const started = Date.now();
    const reply = await server.call('POST', '/api/recording-handoff', { json: { host: 'google-docs' } });
    expect(reply.status).toBe(201);
    expect(Object.keys(reply.body).sort()).toEqual(['expiresAt', 'id', 'secret']);
    const { id, secret, expiresAt } = reply.body;
    expect(id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    const lifetime = Date.parse(expiresAt) - started;
    expect(lifetime).toBeGreaterThan(29 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(30 * 60_000 + (Date.now() - started));
    const row = await rowOf(id);
    expect(row).toMatchObject({ host: 'google-docs', status: 'waiting', secretHash: sha256(secret), recordingId: null });
    expect(JSON.stringify(row)).not.toContain(secret);

    // The page's view: no secret, no message.
    expect(await status(id)).toMatchObject({ status: 200, body: { host: 'google-docs', status: 'waiting', expiresAt } });
    expect(Object.keys((await status(id)).body).sort()).toEqual(['expiresAt', 'host', 'status']);
    expect((await create()).id).not.toBe(id);
  });

  it('hands the message over once: waiting, delivered, then ready with a Share the server built, then spent', async () => {
    const user = await server.signUp();
    await server.call('POST', '/api/personalisation', {
      token: user.access,
      json: { signature: { enabled: true, message: 'Sent with my voice' } },
    });
    const recordingId = await ownerMessage(server, user.access, { subject: '  Quarterly numbers ' });
    const handoff = await create();

    expect(await claim(handoff.id, handoff.secret)).toMatchObject({ status: 200, body: { status: 'waiting' } });
    expect(await share(handoff.id, user.access, recordingId)).toMatchObject({ status: 200, body: { status: 'delivered' } });
    expect(await status(handoff.id)).toMatchObject({ status: 200, body: { host: 'gmail', status: 'delivered' } });

    const stored = (await db().select().from(recordings).where(eq(recordings.id, recordingId)))[0]!;
    const ready = await claim(handoff.id, handoff.secret);
    expect(ready.status).toBe(200);
    expect(recordingHandoffClaimResponseSchema.parse(ready.body)).toEqual({
      status: 'ready',
      share: {
        id: recordingId,
        url: `${server.running.url}/listen/${recordingId}`,
        title: 'Quarterly numbers',
        message: 'Sent with my voice',
        imageUrl: `${server.running.url}/files/${recordingId}.png`,
        durationSeconds: stored.duration,
        // The default signature theme (Light): its blue, darkened until white text reads on it.
        accent: { background: '#2271E1', text: '#FFFFFF' },
      },
    });
    expect(ready.body.share.durationSeconds).toBeGreaterThan(2);
    // The listen link and the picture are real.
    expect((await fetch(ready.body.share.url)).status).toBe(200);
    expect((await fetch(ready.body.share.imageUrl)).status).toBe(200);

    // Spent: the next claim, the page's status and another delivery all find nothing.
    expect(await claim(handoff.id, handoff.secret)).toMatchObject(spent);
    expect(await status(handoff.id)).toMatchObject(spent);
    expect(await share(handoff.id, user.access, recordingId)).toMatchObject(spent);
    expect(await rowOf(handoff.id)).toBeUndefined();
  });

  it("hands over a private message's picture at a signed address that serves it, never the plain one that answers 404", async () => {
    const user = await server.signUp();
    const recordingId = await ownerMessage(server, user.access);
    const edited = await server.call('POST', `/api/edit/${recordingId}`, {
      token: user.access,
      json: { privacy: 'password', password: 'a private one' },
    });
    expect(edited.status).toBe(200);
    const handoff = await create('google-docs');
    expect((await share(handoff.id, user.access, recordingId)).status).toBe(200);
    const { imageUrl } = (await claim(handoff.id, handoff.secret)).body.share as { imageUrl: string };
    expect(imageUrl).not.toBe(`${server.running.url}/files/${recordingId}.png`);
    const picture = await fetch(imageUrl);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect((await fetch(`${server.running.url}/files/${recordingId}.png`)).status).toBe(404);
  });

  it('builds the Share from what is stored: the default title, no message with the signature off, the custom domain', async () => {
    const user = await server.signUp();
    const recordingId = await ownerMessage(server, user.access);
    await server.call('POST', '/api/personalisation', { token: user.access, json: { signature: { enabled: false } } });
    await db().update(recordings).set({ domain: 'voice.example.com' }).where(eq(recordings.id, recordingId));
    const handoff = await create('google-docs');
    expect((await share(handoff.id, user.access, recordingId)).status).toBe(200);
    expect((await claim(handoff.id, handoff.secret)).body.share).toMatchObject({
      url: `https://voice.example.com/listen/${recordingId}`,
      title: SHARE.defaultTitle,
      message: null,
    });

    // The default signature message when the owner never changed it.
    const fresh = await server.signUp();
    const second = await create();
    expect((await share(second.id, fresh.access, await ownerMessage(server, fresh.access))).status).toBe(200);
    expect((await claim(second.id, second.secret)).body.share.message).toBe(SIGNATURE_DEFAULT_MESSAGE);
  });

  it('colours the link from the signature theme stored when the add-on claims, as the record flow does', async () => {
    const user = await server.signUp();
    await server.running.services.admin.setPlan({ email: user.email, plan: 'pro' });
    const recordingId = await ownerMessage(server, user.access);
    const handoff = await create('google-docs');
    expect((await share(handoff.id, user.access, recordingId)).status).toBe(200);
    // Chosen after the message went through the link: the claim builds the Share, so this counts.
    const custom = { name: 'Signature', preset: 'Light', primary: 'gold', neutral: '#333333', background: '#FFFFFF' };
    const saved = await server.call('POST', '/api/personalisation', {
      token: user.access,
      json: { themes: [...DEFAULT_THEMES, custom], signature: { enabled: false, theme: DEFAULT_THEMES.length } },
    });
    expect(saved.status).toBe(200);
    // A very light primary keeps its colour and takes near-black text; the message is off, the accent is not.
    expect((await claim(handoff.id, handoff.secret)).body.share).toMatchObject({
      message: null,
      accent: { background: '#FFD700', text: '#111111' },
    });

    const exotic = await create();
    await server.call('POST', '/api/personalisation', { token: user.access, json: { signature: { theme: 3 } } });
    expect((await share(exotic.id, user.access, await ownerMessage(server, user.access))).status).toBe(200);
    expect((await claim(exotic.id, exotic.secret)).body.share.accent).toEqual({ background: '#8068AC', text: '#FFFFFF' });
  });

  it("refuses another user's message and an unknown one with the same 404, and the handoff stays waiting", async () => {
    const owner = await server.signUp();
    const stranger = await server.signUp();
    const ownersMessage = await ownerMessage(server, owner.access, { subject: 'Private' });
    const handoff = await create();
    const theirs = await share(handoff.id, stranger.access, ownersMessage);
    const unknown = await share(handoff.id, stranger.access, 'NoSuchMessage1');
    expect(theirs).toMatchObject({ status: 404, body: { msg: HANDOFF_RECORDING_NOT_FOUND } });
    expect(unknown.body).toEqual(theirs.body);
    expect(unknown.status).toBe(theirs.status);
    expect(await rowOf(handoff.id)).toMatchObject({ status: 'waiting', recordingId: null, deliveredAt: null });
    expect(await claim(handoff.id, handoff.secret)).toMatchObject({ status: 200, body: { status: 'waiting' } });
    // The stranger's own message still goes through.
    expect((await share(handoff.id, stranger.access, await ownerMessage(server, stranger.access))).status).toBe(200);
  });

  it('needs a sign-in to send a message through, and changes nothing without one', async () => {
    const user = await server.signUp();
    const recordingId = await ownerMessage(server, user.access);
    const handoff = await create();
    expect(await share(handoff.id, undefined, recordingId)).toMatchObject({ status: 401, body: { msg: expect.any(String) } });
    expect((await share(handoff.id, await server.expiredToken(user.id), recordingId)).status).toBe(401);
    expect((await share(handoff.id, 'garbage', recordingId)).status).toBe(401);
    expect(await rowOf(handoff.id)).toMatchObject({ status: 'waiting', recordingId: null });
  });

  it('takes one message: a second is 409 and the first stays; of parallel sends exactly one wins', async () => {
    const user = await server.signUp();
    const first = await ownerMessage(server, user.access, { subject: 'First' });
    const second = await ownerMessage(server, user.access, { subject: 'Second' });
    const handoff = await create();
    expect((await share(handoff.id, user.access, first)).status).toBe(200);
    expect(await share(handoff.id, user.access, second)).toMatchObject({ status: 409, body: { msg: RECORDING_HANDOFF_ALREADY_DELIVERED } });
    expect((await claim(handoff.id, handoff.secret)).body.share).toMatchObject({ id: first, title: 'First' });

    const raced = await create();
    const replies = await Promise.all([first, second, first, second, first, second].map((id) => share(raced.id, user.access, id)));
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = [first, second, first, second, first, second][replies.findIndex((reply) => reply.status === 200)];
    expect((await claim(raced.id, raced.secret)).body.share.id).toBe(winner);
  });

  it('of parallel claims of a delivered handoff, exactly one gets the message', async () => {
    const user = await server.signUp();
    const handoff = await create();
    expect((await share(handoff.id, user.access, await ownerMessage(server, user.access))).status).toBe(200);
    const replies = await Promise.all(Array.from({ length: 8 }, () => claim(handoff.id, handoff.secret)));
    const ready = replies.filter((reply) => reply.status === 200);
    expect(ready).toHaveLength(1);
    expect(ready[0]!.body.status).toBe('ready');
    for (const reply of replies.filter((candidate) => candidate.status !== 200)) expect(reply).toMatchObject(spent);
  });

  it('answers a wrong secret exactly like an unknown handoff, and the right one still works', async () => {
    const user = await server.signUp();
    const handoff = await create();
    expect((await share(handoff.id, user.access, await ownerMessage(server, user.access))).status).toBe(200);
    const wrong = await claim(handoff.id, 'W'.repeat(43));
    const unknown = await claim('U'.repeat(22), handoff.secret);
    expect(wrong).toMatchObject(spent);
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.status).toBe(wrong.status);
    expect(await rowOf(handoff.id)).toMatchObject({ status: 'delivered' });
    expect((await claim(handoff.id, handoff.secret)).body.status).toBe('ready');
  });

  it('refuses an expired handoff everywhere with 404, writing nothing, and the sweep and the next handoff clear it', async () => {
    const user = await server.signUp();
    const recordingId = await ownerMessage(server, user.access);
    const waiting = await create();
    const delivered = await create();
    expect((await share(delivered.id, user.access, recordingId)).status).toBe(200);
    await expire(waiting.id);
    await expire(delivered.id);
    expect(await status(waiting.id)).toMatchObject(spent);
    expect(await share(waiting.id, user.access, recordingId)).toMatchObject(spent);
    expect(await claim(waiting.id, waiting.secret)).toMatchObject(spent);
    expect(await claim(delivered.id, delivered.secret)).toMatchObject(spent);
    expect(await rowOf(waiting.id)).toMatchObject({ status: 'waiting', recordingId: null });
    expect(await rowOf(delivered.id)).toMatchObject({ status: 'delivered' });

    // Creating a handoff clears expired ones as it writes.
    const live = await create();
    expect(await rowOf(waiting.id)).toBeUndefined();
    expect(await rowOf(delivered.id)).toBeUndefined();

    // The periodic sweep deletes expired ones and keeps live ones.
    const old = await create();
    await expire(old.id);
    expect(await server.running.services.recordingHandoffs.forgetExpired()).toBeGreaterThanOrEqual(1);
    expect(await rowOf(old.id)).toBeUndefined();
    expect(await rowOf(live.id)).toMatchObject({ status: 'waiting' });
  });

  it('gives a message delivered near the end at least ten more minutes to be fetched', async () => {
    const user = await server.signUp();
    const handoff = await create();
    const soon = new Date(Date.now() + 60_000);
    await db().update(recordingHandoffs).set({ expiresAt: soon }).where(eq(recordingHandoffs.id, handoff.id));
    const before = Date.now();
    expect((await share(handoff.id, user.access, await ownerMessage(server, user.access))).status).toBe(200);
    const row = await rowOf(handoff.id);
    expect(row!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 10 * 60_000 - 1000);
    const page = await status(handoff.id);
    expect(Date.parse(page.body.expiresAt)).toBe(row!.expiresAt.getTime());
  });

  it('refuses a message not uploaded yet (409), a deleted one (404) and an expired one (410)', async () => {
    const user = await server.signUp();
    const handoff = await create();
    const reserved = (await server.call('GET', '/api/get-vocal', { token: user.access })).body.id as string;
    expect(await share(handoff.id, user.access, reserved)).toMatchObject({
      status: 409,
      body: { msg: expect.stringMatching(/^recordingId: /) },
    });

    const deleted = await ownerMessage(server, user.access);
    expect((await server.call('DELETE', `/api/delete/${deleted}`, { token: user.access })).status).toBe(200);
    expect(await share(handoff.id, user.access, deleted)).toMatchObject({ status: 404, body: { msg: HANDOFF_RECORDING_NOT_FOUND } });

    const expired = await ownerMessage(server, user.access);
    await db()
      .update(recordings)
      .set({ expiryDate: new Date(Date.now() - 1000) })
      .where(eq(recordings.id, expired));
    expect(await share(handoff.id, user.access, expired)).toMatchObject({ status: 410, body: { msg: expect.any(String) } });
    expect(await rowOf(handoff.id)).toMatchObject({ status: 'waiting', recordingId: null });
  });

  it('a message deleted after it was sent is not handed out, and the claim says why', async () => {
    const user = await server.signUp();
    const recordingId = await ownerMessage(server, user.access);
    const handoff = await create();
    expect((await share(handoff.id, user.access, recordingId)).status).toBe(200);
    expect((await server.call('DELETE', `/api/delete/${recordingId}`, { token: user.access })).status).toBe(200);
    expect(await claim(handoff.id, handoff.secret)).toMatchObject({ status: 404, body: { msg: HANDOFF_RECORDING_DELETED } });
    // Deleting the account removes the message's row, and the handoff with it.
    expect((await server.call('POST', '/api/delete', { token: user.access, json: { password: PASSWORD } })).status).toBe(200);
    expect(await rowOf(handoff.id)).toBeUndefined();
  });

  it('refuses bad input with 400 naming the field (404 for a malformed id, 415 for non-JSON), writing nothing', async () => {
    const user = await server.signUp();
    const recordingId = await ownerMessage(server, user.access);
    const handoff = await create();
    const count = async () => (await db().select().from(recordingHandoffs)).length;
    const rows = await count();

    expect(await server.call('POST', '/api/recording-handoff', { json: {} })).toMatchObject({
      status: 400,
      body: { msg: 'host: is required' },
    });
    expect(await server.call('POST', '/api/recording-handoff', { json: { host: 'outlook' } })).toMatchObject({
      status: 400,
      body: { msg: "host: must be one of 'ms-teams', 'front-app', 'zoho-mail', 'google-meet', 'gmail', 'google-docs'" },
    });
    expect(
      await server.call('POST', '/api/recording-handoff', { body: '{"host":"gmail"}', headers: { 'content-type': 'text/plain' } }),
    ).toMatchObject({ status: 415, body: { msg: expect.any(String) } });
    expect(
      await server.call('POST', '/api/recording-handoff', { body: '{', headers: { 'content-type': 'application/json' } }),
    ).toMatchObject({
      status: 400,
    });

    for (const id of ['short', 'a'.repeat(200), 'not%2Fone']) {
      expect(await status(id), id).toMatchObject(spent);
      expect(await claim(id, handoff.secret), id).toMatchObject(spent);
      expect(await share(id, user.access, recordingId), id).toMatchObject(spent);
    }
    // A NUL in any path is refused before the routes (http/nul-paths.ts).
    const nul = { status: 400, body: { msg: 'A path may not contain a NUL character (%00)' } };
    expect(await status('%00')).toMatchObject(nul);
    expect(await claim('%00', handoff.secret)).toMatchObject(nul);
    expect(await share('%00', user.access, recordingId)).toMatchObject(nul);
    expect(await share(handoff.id, user.access, '../etc')).toMatchObject({
      status: 400,
      body: { msg: expect.stringMatching(/^recordingId: /) },
    });
    expect(await share(handoff.id, user.access, undefined)).toMatchObject({ status: 400, body: { msg: 'recordingId: is required' } });
    expect(
      await server.call('POST', `/api/recording-handoff/${handoff.id}/share`, {
        token: user.access,
        body: JSON.stringify({ recordingId }),
        headers: { 'content-type': 'text/plain' },
      }),
    ).toMatchObject({ status: 415 });
    expect(await claim(handoff.id, 'short')).toMatchObject({ status: 400, body: { msg: expect.stringMatching(/^secret: /) } });
    expect(await claim(handoff.id, undefined)).toMatchObject({ status: 400, body: { msg: 'secret: is required' } });
    expect(
      await server.call('POST', `/api/recording-handoff/${handoff.id}/claim`, {
        body: JSON.stringify({ secret: handoff.secret }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    ).toMatchObject({ status: 415 });

    expect(await count()).toBe(rows);
    expect(await rowOf(handoff.id)).toMatchObject({ status: 'waiting', recordingId: null });
  });
});

describe.each(backends)('recording handoff creation is limited per client address on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { HANDOFF_RATE_LIMIT: '3', TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 429 with Retry-After past HANDOFF_RATE_LIMIT, creating nothing, and another address is not held up', async () => {
    const ask = (address: string) =>
      server.call('POST', '/api/recording-handoff', { json: { host: 'gmail' }, headers: { 'x-forwarded-for': address } });
    for (let attempt = 0; attempt < 3; attempt++) expect((await ask('10.3.3.3')).status).toBe(201);
    const rows = (await server.running.services.db.select().from(recordingHandoffs)).length;
    const refused = await ask('10.3.3.3');
    expect(refused).toMatchObject({
      status: 429,
      body: { msg: expect.stringMatching(/^Too many recording links from this address\. Try again in \d+ seconds\.$/) },
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await server.running.services.db.select().from(recordingHandoffs)).length).toBe(rows);
    expect((await ask('10.4.4.4')).status).toBe(201);
  });
});
