import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, feedback, recordings } from '../db/schema.ts';
import { embeddedBackend, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import {
  fromAddress,
  newAddress,
  ownerMessage,
  reserveAsVisitor,
  shareCodeOf,
  uploadAsVisitor,
} from '../../test/harness/visitor-helpers.ts';

const NUL = '\u0000';

describe.each(embeddedBackend)('what a request may carry, on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { TRUST_PROXY: 'true', VISITOR_RATE_LIMIT: '50', CORS_ORIGINS: 'https://addin.example' });
  });
  afterAll(() => server.close());

  const db = () => server.running.services.db;
  const commentsOn = (id: string) => db().select().from(comments).where(eq(comments.recordingId, id));
  const recordingsOf = (userId: number) => db().select().from(recordings).where(eq(recordings.userId, userId));
  const feedbackCount = async () => (await db().select().from(feedback)).length;
  const raw = (path: string, body: string, contentType?: string) =>
    server.call('POST', path, { body, headers: { ...fromAddress(newAddress()), ...(contentType ? { 'content-type': contentType } : {}) } });

  describe('a NUL byte in a text field is a 400 naming the field, and nothing is written', () => {
    it('comments', async () => {
      const owner = await server.signUp();
      const id = await ownerMessage(server, owner.access);
      for (const json of [{ text: `Hi${NUL}` }, { name: `Gr${NUL}ace`, text: 'Hello' }]) {
        const reply = await server.call('POST', `/api/comments/${id}`, { json, headers: fromAddress(newAddress()) });
        expect(reply.status).toBe(400);
        expect(reply.body.msg).toMatch(/^(text|name): must not contain a NUL character/);
      }
      expect(await commentsOn(id)).toEqual([]);
    });

    it('contact messages', async () => {
      const owner = await server.signUp();
      const code = await shareCodeOf(server, owner.access);
      const before = (await recordingsOf(owner.id)).length;
      const reply = await server.call('POST', `/api/contact-form/${code}/messages`, {
        json: { email: 'visitor@example.com', message: `Call me${NUL}back` },
        headers: fromAddress(newAddress()),
      });
      expect(reply.status).toBe(400);
      expect(reply.body.msg).toBe('message: must not contain a NUL character (\\u0000)');
      expect((await recordingsOf(owner.id)).length).toBe(before);
    });

    it('feedback', async () => {
      const before = await feedbackCount();
      const reply = await server.call('POST', '/api/feedback', { json: { comments: `The player is broken${NUL}` } });
      expect(reply.status).toBe(400);
      expect(reply.body.msg).toMatch(/^comments: must not contain a NUL/);
      expect(await feedbackCount()).toBe(before);
    });

    it("a visitor's upload: refused before anything is stored, so no file becomes public", async () => {
      const owner = await server.signUp();
      const original = await ownerMessage(server, owner.access);
      const reserved = await reserveAsVisitor(server, `reply:${original}`);
      expect(reserved.status).toBe(200);
      const id = reserved.body.id as string;
      const uploaded = await uploadAsVisitor(server, id, { context: { name: `Grace${NUL}` } });
      expect(uploaded.status).toBe(400);
      expect(uploaded.body.msg).toBe('context.name: must not contain a NUL character (\\u0000)');
      expect((await server.call('GET', `/files/${id}.mp3`)).status).toBe(404);
      const [row] = await db().select().from(recordings).where(eq(recordings.id, id));
      expect(row?.status).not.toBe('uploaded');
    });

    it("a signed-in person's own fields too: folders and the account's name", async () => {
      const owner = await server.signUp();
      const folder = await server.call('POST', '/api/folder', { token: owner.access, json: { name: `Work${NUL}` } });
      expect(folder.status).toBe(400);
      expect(folder.body.msg).toMatch(/^name: must not contain a NUL/);
      expect(JSON.stringify((await server.call('GET', '/api/recordings', { token: owner.access })).body)).not.toContain('Work');
      const nameBefore = (await server.call('GET', '/api/account', { token: owner.access })).body.name;
      const renamed = await server.call('POST', '/api/account', { token: owner.access, json: { name: `Ada${NUL}` } });
      expect(renamed.status).toBe(400);
      expect((await server.call('GET', '/api/account', { token: owner.access })).body.name).toBe(nameBefore);
    });

    it('queries', async () => {
      const reply = await server.call('GET', `/api/get-vocal-free?target=${encodeURIComponent(`reply:abc${NUL}`)}`, {
        headers: fromAddress(newAddress()),
      });
      expect(reply.status).toBe(400);
      expect(reply.body.msg).toMatch(/^query\.target: must not contain a NUL/);
    });
  });

  it('other invisible control characters are dropped; tabs and line breaks are kept', async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access);
    const reply = await server.call('POST', `/api/comments/${id}`, {
      json: { name: 'Gr\u0007ace\u001b', text: 'Line one\nLine\ttwo\u007f' },
      headers: fromAddress(newAddress()),
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ name: 'Grace', text: 'Line one\nLine\ttwo' });
  });

  it('bidi overrides and zero-width characters are dropped from names and titles, so no page, preview or mail shows them (issue 23, finding 15)', async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access);
    const hidden = [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200b',
      '\u200c',
      '\u200d',
      '\u2060',
      '\ufeff',
    ];
    const edited = await server.call('POST', `/api/edit/${id}`, { token: owner.access, json: { subject: 'invoice \u202egnp.exe' } });
    expect(edited.status).toBe(200);
    const named = await server.call('POST', '/api/personalisation', {
      token: owner.access,
      json: { user: { name: `A${hidden.join('')}da` } },
    });
    expect(named.status).toBe(200);
    const payload = await server.call('GET', `/api/view-vocal/${id}`);
    expect(payload.body.audio.subject).toBe('invoice gnp.exe');
    expect(payload.body.settings.name).toBe('Ada');
    const page = await (await fetch(`${server.url}/listen/${id}`)).text();
    const oembed = await server.call('GET', `/api/oembed?url=${encodeURIComponent(`${server.url}/listen/${id}`)}`);
    for (const text of [page, JSON.stringify(oembed.body)]) {
      for (const character of hidden) expect(text.includes(character), `U+${character.codePointAt(0)!.toString(16)}`).toBe(false);
    }
    expect(page).toContain('invoice gnp.exe');
  });

  it('a body nested deeper than any input of ours is a 400, not a stack overflow', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const reply = await raw('/api/feedback', deep, 'application/json');
    expect(reply.status).toBe(400);
    expect(reply.body.msg).toBe('The input is nested too deeply');
  });

  describe('bodies another website could make a browser send are refused with 415, and nothing is written', () => {
    it.each([
      ['text/plain', 'text/plain;charset=UTF-8'],
      ['a form', 'application/x-www-form-urlencoded'],
      ['multipart', 'multipart/form-data; boundary=x'],
      ['no content type', undefined],
    ])('%s', async (_, contentType) => {
      const owner = await server.signUp();
      const id = await ownerMessage(server, owner.access);
      const code = await shareCodeOf(server, owner.access);
      const feedbackBefore = await feedbackCount();
      const recordingsBefore = (await recordingsOf(owner.id)).length;
      const attempts = [
        await raw(`/api/comments/${id}`, JSON.stringify({ text: 'Posted from elsewhere' }), contentType),
        await raw(`/api/contact-form/${code}/messages`, JSON.stringify({ email: 'a@example.com', message: 'Hi' }), contentType),
        await raw('/api/feedback', JSON.stringify({ comments: 'Posted from another site' }), contentType),
      ];
      for (const reply of attempts) {
        expect(reply.status).toBe(415);
        expect(reply.body.msg).toBe('The body must be JSON (Content-Type: application/json)');
      }
      expect(await commentsOn(id)).toEqual([]);
      expect(await feedbackCount()).toBe(feedbackBefore);
      expect((await recordingsOf(owner.id)).length).toBe(recordingsBefore);
    });

    it('while JSON with a charset, or a +json type, is taken', async () => {
      const owner = await server.signUp();
      const id = await ownerMessage(server, owner.access);
      expect((await raw(`/api/comments/${id}`, JSON.stringify({ text: 'One' }), 'application/json; charset=utf-8')).status).toBe(201);
      expect((await raw(`/api/comments/${id}`, JSON.stringify({ text: 'Two' }), 'application/merge-patch+json')).status).toBe(201);
      expect((await raw(`/api/comments/${id}`, JSON.stringify({ text: 'Three' }), 'application/jsonp')).status).toBe(415);
    });
  });

  describe('CORS', () => {
    const preflight = (origin: string) =>
      server.call('OPTIONS', '/api/feedback', {
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });

    it('a preflight from another origin gets no allow headers, so the browser refuses the request', async () => {
      const reply = await preflight('https://evil.example');
      expect(reply.status).toBe(204);
      expect(reply.headers.get('access-control-allow-origin')).toBeNull();
      expect(reply.headers.get('access-control-allow-methods')).toBeNull();
      const simple = await server.call('GET', '/health', { headers: { origin: 'https://evil.example' } });
      expect(simple.headers.get('access-control-allow-origin')).toBeNull();
      const api = await server.call('GET', '/api/contact-form/nobody', { headers: { origin: 'https://evil.example' } });
      expect(api.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('Zoho Mail’s widget hosting (the package Zoho serves) may call the API; look-alike origins may not', async () => {
      for (const origin of ['https://a1b2c3d4-0000-4000-8000-123456789abc.zappsusercontent.com', 'https://vocal-1.zappsusercontent.eu']) {
        const reply = await preflight(origin);
        expect(reply.headers.get('access-control-allow-origin'), origin).toBe(origin);
        expect(reply.headers.get('access-control-allow-credentials')).toBeNull();
      }
      for (const origin of [
        'http://x.zappsusercontent.com',
        'https://zappsusercontent.com.evil.example',
        'https://x.zappsusercontent.com.evil.example',
        'https://evil-zappsusercontent.com',
      ]) {
        expect((await preflight(origin)).headers.get('access-control-allow-origin'), origin).toBeNull();
      }
    });

    it('an origin named in CORS_ORIGINS may call the API, without credentials', async () => {
      const reply = await preflight('https://addin.example');
      expect(reply.status).toBe(204);
      expect(reply.headers.get('access-control-allow-origin')).toBe('https://addin.example');
      expect(reply.headers.get('access-control-allow-headers')).toContain('authorization');
      expect(reply.headers.get('access-control-allow-credentials')).toBeNull();
      const user = await server.signUp();
      const account = await server.call('GET', '/api/account', { token: user.access, headers: { origin: 'https://addin.example' } });
      expect(account.status).toBe(200);
      expect(account.headers.get('access-control-allow-origin')).toBe('https://addin.example');
      expect(account.headers.get('vary')).toMatch(/origin/i);
    });
  });
});
