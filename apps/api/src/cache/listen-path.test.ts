import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listens, listenVisitors, recordings } from '../db/schema.ts';
import { embeddedBackend, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { fromAddress, newAddress, ownerMessage } from '../../test/harness/visitor-helpers.ts';
import { FILE_CACHE_CONTROL } from './http-caching.ts';

const PAYLOAD_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, must-revalidate';

describe.each(embeddedBackend)('the listen path, cached, on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    // A long TTL and a flush timer that never fires within a test: only invalidation and
    // explicit flushes can make a change visible here.
    server = await startTestServer(backend, { PUBLIC_CACHE_SECONDS: '30', LISTEN_FLUSH_MS: '60000', TRUST_PROXY: 'true' });
    // A listen page with a script, as the built one has: each answer's script must carry its own nonce.
    await writeFile(
      join(server.dataDir, 'web', 'listen.html'),
      '<!doctype html><html><head><title>Voice message · Vocal</title><!--vocal-head--><script type="module" src="/assets/app-1234.js"></script></head><body><div id="root"></div><!--vocal-data--></body></html>',
    );
  });
  afterAll(() => server.close());
  afterEach(() => vi.useRealTimers());

  const services = () => server.running.services;
  const payloadOf = async (id: string) => (await server.call('GET', `/api/view-vocal/${id}`)).body;
  const oembedOf = (id: string) => server.call('GET', `/api/oembed?url=${encodeURIComponent(`${server.url}/listen/${id}`)}`);
  const listenPageOf = async (id: string) => {
    const response = await fetch(`${server.url}/listen/${id}`);
    return { status: response.status, html: await response.text() };
  };
  /** Changes the row behind the server's back: seen only when the cache was emptied since. */
  const writeBehindTheBack = (id: string, subject: string) =>
    services().db.update(recordings).set({ subject }).where(eq(recordings.id, id));

  it('serves from memory: a write behind the server’s back is not seen, a write through it is, at once, on every public path', async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access, { subject: 'First title' });
    expect((await payloadOf(id)).audio.subject).toBe('First title');

    await writeBehindTheBack(id, 'Written behind its back');
    expect((await payloadOf(id)).audio.subject).toBe('First title');
    expect((await listenPageOf(id)).html).toContain('First title');
    expect((await oembedOf(id)).body.title).toContain('First title');

    const edited = await server.call('POST', `/api/edit/${id}`, { token: owner.access, json: { subject: 'Second title' } });
    expect(edited.status).toBe(200);
    expect((await payloadOf(id)).audio.subject).toBe('Second title');
    expect((await listenPageOf(id)).html).toContain('Second title');
    expect((await oembedOf(id)).body.title).toContain('Second title');
  });

  it('keeps every page through writes that failed, and another owner’s pages through a write that succeeded (issue 23, finding 10)', async () => {
    const owner = await server.signUp();
    const other = await server.signUp();
    const id = await ownerMessage(server, owner.access, { subject: 'Kept title' });
    const theirs = await ownerMessage(server, other.access, { subject: 'Their title' });
    expect((await payloadOf(id)).audio.subject).toBe('Kept title');
    expect((await payloadOf(theirs)).audio.subject).toBe('Their title');
    await writeBehindTheBack(id, 'Written behind its back');
    await writeBehindTheBack(theirs, 'Theirs behind its back');

    // Anonymous 404s, refused input, someone else's message: nothing was written, nothing is forgotten.
    for (const refused of [
      await server.call('POST', '/api/no-such-route', { json: {} }),
      await server.call('POST', '/api/edit/zzzzzzzzzzzz', { json: { subject: 'x' } }),
      await server.call('POST', `/api/edit/${id}`, { token: other.access, json: { subject: 'Taken over' } }),
      await server.call('POST', `/api/edit/${id}`, { token: owner.access, json: { subject: 5 } }),
    ]) {
      expect(refused.status).toBeGreaterThanOrEqual(400);
    }
    expect(services().publicPages.peek(id)).toBeDefined();
    expect((await payloadOf(id)).audio.subject).toBe('Kept title');

    // The other owner's own write forgets their pages only.
    const renamed = await server.call('POST', '/api/account', { token: other.access, json: { name: 'Renamed' } });
    expect(renamed.status).toBe(200);
    expect(services().publicPages.peek(theirs)).toBeUndefined();
    expect((await payloadOf(theirs)).audio.subject).toBe('Theirs behind its back');
    expect((await payloadOf(id)).audio.subject).toBe('Kept title');
  });

  it('shows a transcript edit, a personalisation change and a new profile name on the next request', async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access);
    await services()
      .db.update(recordings)
      .set({
        transcriptionStatus: 'complete',
        transcription: [{ start: 0, end: 3, num_words: 2, sentences: [{ text: 'Hello there.', start: 0, end: 3 }] }],
      })
      .where(eq(recordings.id, id));
    services().publicPages.clear();
    expect(JSON.stringify((await payloadOf(id)).audio.transcription)).toContain('Hello there.');

    const transcript = await server.call('PUT', `/api/transcription/${id}`, { token: owner.access, json: { sentences: ['Goodbye now.'] } });
    expect(transcript.status).toBe(200);
    const afterTranscript = await payloadOf(id);
    expect(JSON.stringify(afterTranscript.audio.transcription)).toContain('Goodbye now.');

    // A call to action is Pro's: the plan changes behind the server's back, so the cache is emptied by hand.
    await services().admin.setPlan({ email: owner.email, plan: 'pro' });
    services().publicPages.clear();
    const personalised = await server.call('POST', '/api/personalisation', {
      token: owner.access,
      json: { listenPage: { cta: { message: 'Book a call with us', link: 'https://example.com/book' } } },
    });
    expect(personalised.status).toBe(200);
    expect((await payloadOf(id)).settings.cta).toMatchObject({ message: 'Book a call with us' });

    const renamed = await server.call('POST', '/api/account', { token: owner.access, json: { name: 'Ada Lovelace' } });
    expect(renamed.status).toBe(200);
    const afterRename = await payloadOf(id);
    expect(afterRename.user.name).toBe('Ada Lovelace');
    expect(afterRename.settings.name).toBe('Ada Lovelace');
  });

  it('renders a page once per version, yet gives each answer a nonce of its own', async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access, { subject: 'Nonces' });
    const nonces = [];
    for (let index = 0; index < 3; index++) {
      const response = await fetch(`${server.url}/listen/${id}`);
      const html = await response.text();
      const policyNonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
      expect(policyNonce).toBeTruthy();
      expect(html).toContain(`<script nonce="${policyNonce}" type="module"`);
      expect(html).not.toContain('vocal-nonce-');
      expect(html).toContain('Nonces');
      nonces.push(policyNonce);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  it('stops serving a deleted message at once, on the payload, the pages, oEmbed, tracking and the files', async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access);
    expect((await server.call('GET', `/api/view-vocal/${id}`)).status).toBe(200);
    expect((await listenPageOf(id)).status).toBe(200);
    expect((await fetch(`${server.url}/embed/player/${id}`)).status).toBe(200);

    expect((await server.call('DELETE', `/api/delete/${id}`, { token: owner.access })).status).toBe(200);
    expect(await server.call('GET', `/api/view-vocal/${id}`)).toMatchObject({ status: 404, body: { msg: expect.any(String) } });
    expect((await listenPageOf(id)).status).toBe(404);
    expect((await fetch(`${server.url}/embed/player/${id}`)).status).toBe(404);
    expect((await oembedOf(id)).status).toBe(404);
    expect((await server.call('GET', `/api/track/view-vocal/${id}`, { headers: fromAddress(newAddress()) })).status).toBe(404);
    expect((await fetch(`${server.url}/files/${id}.mp3`)).status).toBe(404);
  });

  it('answers 410 once the expiry date passes, with nothing written to make it so', async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access);
    const expiry = new Date(Date.now() + 3_600_000);
    const edited = await server.call('POST', `/api/edit/${id}`, { token: owner.access, json: { expiryDate: expiry.toISOString() } });
    expect(edited.status).toBe(200);
    expect((await server.call('GET', `/api/view-vocal/${id}`)).status).toBe(200);

    // Only this process's clock moves: the cached entry must judge its expiry itself.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(expiry.getTime() + 1000);
    expect(await server.call('GET', `/api/view-vocal/${id}`)).toMatchObject({
      status: 410,
      body: { msg: 'This voice message has expired' },
    });
    expect((await listenPageOf(id)).status).toBe(410);
    expect((await oembedOf(id)).status).toBe(410);
  });

  it('answers 304 to a matching If-None-Match, and a new ETag after a change; Cache-Control a CDN can honour', async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access, { subject: 'Tagged' });
    const first = await server.call('GET', `/api/view-vocal/${id}`);
    const etag = first.headers.get('etag')!;
    // Weak when gzipped (fetch asks for it), as the compress middleware marks it.
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(`${server.url}/api/view-vocal/${id}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('etag')).toBe(etag.slice(2));
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(first.body);
    expect(first.headers.get('cache-control')).toBe(PAYLOAD_CACHE_CONTROL);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);

    for (const header of [etag, etag.slice(2), `"other", ${etag}`, '*']) {
      const again = await fetch(`${server.url}/api/view-vocal/${id}`, { headers: { 'if-none-match': header } });
      expect(again.status, header).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe(PAYLOAD_CACHE_CONTROL);
    }
    expect((await fetch(`${server.url}/api/view-vocal/${id}`, { headers: { 'if-none-match': '"something-else"' } })).status).toBe(200);

    await server.call('POST', `/api/edit/${id}`, { token: owner.access, json: { subject: 'Retagged' } });
    const changed = await fetch(`${server.url}/api/view-vocal/${id}`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);

    const oembed = await oembedOf(id);
    expect(oembed.headers.get('cache-control')).toBe(PAYLOAD_CACHE_CONTROL);
    const oembedAgain = await fetch(`${server.url}/api/oembed?url=${encodeURIComponent(`${server.url}/listen/${id}`)}`, {
      headers: { 'if-none-match': oembed.headers.get('etag')! },
    });
    expect(oembedAgain.status).toBe(304);
    // The pages carry a nonce of their own each time: a shared cache must ask every time.
    expect((await fetch(`${server.url}/listen/${id}`)).headers.get('cache-control')).toBe('no-cache');
  });

  it('counts listens exactly in batches: nothing written before a flush, every listen after it', async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access);
    const visitors = Array.from({ length: 12 }, () => newAddress());
    const track = (address: string) => server.call('GET', `/api/track/view-vocal/${id}`, { headers: fromAddress(address) });
    const first = await Promise.all(visitors.map(track));
    expect(first.map((reply) => reply.body.counted)).toEqual(Array(12).fill(true));
    // The same visitors again, and the owner: not counted.
    const again = await Promise.all(visitors.map(track));
    expect(again.map((reply) => reply.body.counted)).toEqual(Array(12).fill(false));
    expect(again.map((reply) => reply.body.listen)).toEqual(first.map((reply) => reply.body.listen));
    expect((await server.call('GET', `/api/track/view-vocal/${id}`, { token: owner.access })).body).toEqual({ counted: false });

    const viewsInRow = async () =>
      (await services().db.select({ views: recordings.views }).from(recordings).where(eq(recordings.id, id)))[0]!.views;
    expect(await viewsInRow()).toBe(0);

    await services().listens.flush();
    expect(await viewsInRow()).toBe(12);
    expect(await services().db.select().from(listens).where(eq(listens.recordingId, id))).toHaveLength(12);
    expect((await payloadOf(id)).audio.views).toBe(12);

    // A progress beacon for a listen still in the batch finds it.
    const late = await track(newAddress());
    const heard = await server.call('POST', `/api/track/heard/${id}`, { json: { listen: late.body.listen, heard: 0.5 } });
    expect(heard.status).toBe(204);
    expect(await viewsInRow()).toBe(13);
  });

  it('counts a visit another process counted once: the batch finds its claim, and progress goes to that listen', async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access);
    const address = newAddress();
    // Another process counted this visitor a moment ago: its visitor row and listen are written.
    const hash = await services().listens.visitorHash(id, address, null);
    const [theirs] = await services()
      .db.insert(listens)
      .values({ recordingId: id, listener: hash, heardShare: 0 })
      .returning({ id: listens.id });
    await services()
      .db.insert(listenVisitors)
      .values({ recordingId: id, visitorHash: hash, lastCountedAt: new Date(), listenId: theirs!.id });
    await services().db.update(recordings).set({ views: 1 }).where(eq(recordings.id, id));

    // This process has not seen them: it answers at once and leaves the claim to the batch.
    const track = () => server.call('GET', `/api/track/view-vocal/${id}`, { headers: fromAddress(address) });
    const here = await track();
    expect(here.body.counted).toBe(true);
    await services().listens.flush();
    const written = await services().db.select().from(listens).where(eq(listens.recordingId, id));
    expect(written.map((listen) => listen.id)).toEqual([theirs!.id]);
    expect((await services().db.select({ views: recordings.views }).from(recordings).where(eq(recordings.id, id)))[0]!.views).toBe(1);

    // The page's progress beacon, sent with the id it was given, moves the visit's listen.
    const heard = await server.call('POST', `/api/track/heard/${id}`, { json: { listen: here.body.listen, heard: 0.75 } });
    expect(heard.status).toBe(204);
    expect((await services().db.select().from(listens).where(eq(listens.id, theirs!.id)))[0]!.heardShare).toBe(0.75);
    // And this process now knows the visit by that listen.
    expect((await track()).body).toEqual({ counted: false, listen: theirs!.id });
  });

  it('serves files in ranges, with an ETag, immutable for a year in browsers and 5 minutes in a CDN', async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access);
    const whole = new Uint8Array(await readFile(join(server.dataDir, 'files', `${id}.mp3`)));
    const full = await fetch(`${server.url}/files/${id}.mp3`);
    expect(full.status).toBe(200);
    expect(full.headers.get('cache-control')).toBe(FILE_CACHE_CONTROL);
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect(new Uint8Array(await full.arrayBuffer())).toEqual(whole);

    const part = await fetch(`${server.url}/files/${id}.mp3`, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${whole.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(whole.slice(100, 200));

    const tail = await fetch(`${server.url}/files/${id}.mp3`, { headers: { range: 'bytes=-50' } });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(whole.slice(whole.length - 50));

    const outside = await fetch(`${server.url}/files/${id}.mp3`, { headers: { range: `bytes=${whole.length}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${whole.length}`);
    expect(await outside.json()).toMatchObject({ msg: expect.any(String) });

    const revalidated = await fetch(`${server.url}/files/${id}.mp3`, { headers: { 'if-none-match': full.headers.get('etag')! } });
    expect(revalidated.status).toBe(304);
    const picture = await fetch(`${server.url}/files/${id}.png`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('cache-control')).toBe(FILE_CACHE_CONTROL);
  });
  // Last: closing stops this server's batching timer.
  it('writes the listens of the last moments when the listen service closes', async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access);
    for (let index = 0; index < 3; index++) {
      await server.call('GET', `/api/track/view-vocal/${id}`, { headers: fromAddress(newAddress()) });
    }
    await services().listens.close();
    const [row] = await services().db.select({ views: recordings.views }).from(recordings).where(eq(recordings.id, id));
    expect(row?.views).toBe(3);
  });
});
