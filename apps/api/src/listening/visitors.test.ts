import { makeLongMp3 } from '@vocal/test-fixtures';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, recordings } from '../db/schema.ts';
import { embeddedBackend, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { samplePeaks, samplePng, uploadForm, waitFor } from '../../test/harness/upload-form.ts';
import {
  fromAddress,
  newAddress,
  ownerMessage,
  reserveAsVisitor,
  shareCodeOf,
  uploadAsVisitor,
  visitorRecording,
} from '../../test/harness/visitor-helpers.ts';

const HOSTILE = `<script>alert("x")</script> & <b onmouseover='y'>bold</b> $& $'`;

describe.each(embeddedBackend)('visitors: replies, the contact form and the collect page on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    // Visitors are told apart by X-Forwarded-For, so each test has addresses of its own.
    server = await startTestServer(backend, { TRUST_PROXY: 'true', VISITOR_RATE_LIMIT: '10' });
  });
  afterAll(() => server.close());

  async function rowOf(id: string) {
    const [row] = await server.running.services.db.select().from(recordings).where(eq(recordings.id, id));
    return row;
  }

  async function pro() {
    const user = await server.signUp();
    await server.running.services.admin.setPlan({ email: user.email, plan: 'pro' });
    return user;
  }

  describe('voice replies', () => {
    it('a visitor replies without an account; the owner sees it under the message and in GET audio', async () => {
      const owner = await server.signUp();
      const original = await ownerMessage(server, owner.access, { subject: 'Team update' });
      const reserved = await reserveAsVisitor(server, `reply:${original}`);
      expect(reserved.status).toBe(200);
      expect(reserved.body.id).toMatch(/^[A-Za-z0-9]{12}$/);
      const uploaded = await uploadAsVisitor(server, reserved.body.id, {
        context: { name: '  Grace Hopper ', subject: 'Re: Team update' },
      });
      expect(uploaded.status).toBe(200);
      expect(uploaded.body.url).toMatch(new RegExp(`/listen/${reserved.body.id}$`));

      const replies = await server.call('GET', `/api/replies/${original}`, { token: owner.access });
      expect(replies.status).toBe(200);
      expect(replies.body.replies).toHaveLength(1);
      expect(replies.body.replies[0]).toMatchObject({
        id: reserved.body.id,
        isReply: true,
        origin: 'reply',
        replyTo: original,
        senderName: 'Grace Hopper',
        subject: 'Re: Team update',
        email: null,
        message: null,
      });
      const audios = await server.call('GET', '/api/audio', { token: owner.access });
      expect(audios.body.audios.find((audio: { id: string }) => audio.id === reserved.body.id)).toMatchObject({
        origin: 'reply',
        replyTo: original,
      });
      // The reply's own listen page names whoever sent it, not the owner.
      const listen = await server.call('GET', `/api/view-vocal/${reserved.body.id}`);
      expect(listen.body.settings.name).toBe('Grace Hopper');
    });

    it('lists replies oldest first, to the owner only', async () => {
      const owner = await server.signUp();
      const stranger = await server.signUp();
      const original = await ownerMessage(server, owner.access);
      const first = await visitorRecording(server, `reply:${original}`);
      const second = await visitorRecording(server, `reply:${original}`);
      const replies = await server.call('GET', `/api/replies/${original}`, { token: owner.access });
      expect(replies.body.replies.map((reply: { id: string }) => reply.id)).toEqual([first, second]);
      for (const [token, id] of [
        [stranger.access, original],
        [owner.access, 'AAAAAAAAAAAA'],
        [owner.access, 'bad id!'],
      ] as const) {
        const refused = await server.call('GET', `/api/replies/${encodeURIComponent(id)}`, { token });
        expect(refused).toMatchObject({ status: 404, body: { msg: 'Recording not found' } });
      }
    });

    it('refuses replies the owner turned off (403), unknown targets (404) and malformed ones (400)', async () => {
      const owner = await server.signUp();
      const original = await ownerMessage(server, owner.access);
      const reservedBefore = await reserveAsVisitor(server, `reply:${original}`);
      await server.call('POST', '/api/personalisation', { token: owner.access, json: { listenPage: { reply: { enabled: false } } } });
      const refused = await reserveAsVisitor(server, `reply:${original}`);
      expect(refused).toMatchObject({ status: 403, body: { msg: 'Replies are turned off for this voice message' } });
      // A reservation made before replies were turned off cannot be uploaded either.
      const upload = await uploadAsVisitor(server, reservedBefore.body.id);
      expect(upload).toMatchObject({ status: 403, body: { msg: 'Replies are turned off for this voice message' } });

      expect(await reserveAsVisitor(server, 'reply:AAAAAAAAAAAA')).toMatchObject({
        status: 404,
        body: { msg: 'This voice message does not exist or was deleted' },
      });
      expect(await reserveAsVisitor(server, 'form:Nobody123')).toMatchObject({
        status: 404,
        body: { msg: 'This contact form does not exist' },
      });
      expect(await reserveAsVisitor(server, 'collect:Nobody123')).toMatchObject({
        status: 404,
        body: { msg: 'This collection does not exist' },
      });
      for (const target of ['', 'reply:', 'form:../x', 'other:abc123', 'reply:a b c']) {
        const bad = await reserveAsVisitor(server, target);
        expect(bad.status, target).toBe(400);
        expect(bad.body.msg, target).toMatch(/target/);
      }
      const badPlatform = await reserveAsVisitor(server, `reply:${original}`, { platform: 'myspace' });
      expect(badPlatform.status).toBe(400);
    });

    it('410 for a reply to an expired message', async () => {
      const owner = await server.signUp();
      const original = await ownerMessage(server, owner.access);
      await server.call('POST', `/api/edit/${original}`, {
        token: owner.access,
        json: { expiryDate: new Date(Date.now() - 1000).toISOString() },
      });
      expect(await reserveAsVisitor(server, `reply:${original}`)).toMatchObject({
        status: 410,
        body: { msg: 'This voice message has expired' },
      });
    });
  });

  describe('uploads without a token', () => {
    it('are idempotent like the owner’s: the same id again answers the same message, never a second one', async () => {
      const owner = await server.signUp();
      const code = await shareCodeOf(server, owner.access);
      const reserved = await reserveAsVisitor(server, `collect:${code}`);
      const id = reserved.body.id as string;
      const [first, second] = await Promise.all([uploadAsVisitor(server, id), uploadAsVisitor(server, id)]);
      const third = await uploadAsVisitor(server, id);
      expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
      expect(new Set([first.body.url, second.body.url, third.body.url]).size).toBe(1);
      const audios = await server.call('GET', '/api/audio', { token: owner.access });
      expect(audios.body.audios.filter((audio: { id: string }) => audio.id === id)).toHaveLength(1);
    });

    it("never reach an owner's own reservation, which still needs the owner's token", async () => {
      const owner = await server.signUp();
      const reserved = await server.call('GET', '/api/get-vocal', { token: owner.access });
      const refused = await uploadAsVisitor(server, reserved.body.id);
      expect(refused).toMatchObject({ status: 401, body: { msg: 'Sign in first: the Authorization bearer token is missing' } });
      expect((await rowOf(reserved.body.id))?.status).toBe('reserved');
      // Unknown ids and bodies with no readable id say the same, revealing nothing.
      expect((await uploadAsVisitor(server, 'AAAAAAAAAAAA')).status).toBe(401);
      const noContext = await server.call('POST', '/api/upload-vocal', {
        form: uploadForm({ recording: new Uint8Array(10), image: samplePng() }),
      });
      expect(noContext.status).toBe(401);
      // With the owner's token it goes through as before.
      const accepted = await uploadAsVisitor(server, reserved.body.id, { token: owner.access });
      expect(accepted.status).toBe(200);
    });

    it('a visitor recording is held to 5 minutes, whatever the plan, and is not one of the owner’s Free messages', async () => {
      const owner = await server.signUp();
      const code = await shareCodeOf(server, owner.access);
      // Longer than the Free plan's minute: the owner's plan does not limit visitors.
      const longer = await makeLongMp3(90, { sampleRate: 16_000 });
      const reserved = await reserveAsVisitor(server, `collect:${code}`);
      expect((await uploadAsVisitor(server, reserved.body.id, { recording: longer })).status).toBe(200);
      const tooLong = await makeLongMp3(310, { sampleRate: 16_000 });
      const second = await reserveAsVisitor(server, `collect:${code}`);
      const refused = await uploadAsVisitor(server, second.body.id, { recording: tooLong });
      expect(refused).toMatchObject({ status: 403, body: { msg: 'Voice messages from visitors can be at most 5 minutes long.' } });
      const account = await server.call('GET', '/api/account', { token: owner.access });
      expect(account.body.messages).toMatchObject({ max: 50, count: 0 });
    });

    it('rate-limits reservations per address (429 with Retry-After); another address goes on', async () => {
      const owner = await server.signUp();
      const code = await shareCodeOf(server, owner.access);
      // Two pages, so the per-page cap on open reservations (5 per address) is not what stops it.
      const otherCode = await shareCodeOf(server, (await server.signUp()).access);
      const address = newAddress();
      for (let attempt = 0; attempt < 10; attempt++) {
        const page = attempt % 2 === 0 ? code : otherCode;
        expect((await reserveAsVisitor(server, `collect:${page}`, { address })).status).toBe(200);
      }
      const limited = await reserveAsVisitor(server, `collect:${code}`, { address });
      expect(limited.status).toBe(429);
      expect(limited.body.msg).toMatch(/^Too many recordings from here\. Try again in \d+ seconds\.$/);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(500);
      expect((await reserveAsVisitor(server, `collect:${code}`, { address: newAddress() })).status).toBe(200);
    });

    it('rate-limits uploads per address at twice the reservations, for retries', async () => {
      const owner = await server.signUp();
      const code = await shareCodeOf(server, owner.access);
      const reserved = await reserveAsVisitor(server, `collect:${code}`);
      const address = newAddress();
      for (let attempt = 0; attempt < 20; attempt++) {
        expect((await uploadAsVisitor(server, reserved.body.id, { address })).status).toBe(200);
      }
      const limited = await uploadAsVisitor(server, reserved.body.id, { address });
      expect(limited.status).toBe(429);
      expect(limited.body.msg).toMatch(/^Too many uploads from here\./);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    });
  });

  describe('the contact form', () => {
    it('GET contact-form/{code} gives the spec’s strings, the theme and "Someone", with branding for Free', async () => {
      const owner = await server.signUp();
      const code = await shareCodeOf(server, owner.access);
      const reply = await server.call('GET', `/api/contact-form/${code}`);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        code,
        name: 'Someone',
        branding: true,
        theme: { preset: 'Light', font: 'Inter' },
        strings: {
          title: 'Send us a message',
          subtitle: 'via voice message',
          micPermissionTitle: 'We need access to your mic',
          micPermissionButton: 'Grant permission',
          writeInstead: 'Send a message instead',
          messagePlaceholder: 'Write your message here',
          startRecording: 'Start recording',
          stopRecording: 'Stop recording',
          emailPlaceholder: 'Enter your email address',
        },
      });
      expect(JSON.stringify(reply.body)).not.toContain(owner.email);
      for (const key of ['email', 'stripeId', 'plan', 'subscribed', 'subscriptionMessage']) expect(reply.body.user).not.toHaveProperty(key);
    });

    it("follows a Pro owner's settings: strings, theme, name, no branding", async () => {
      const owner = await pro();
      await server.call('POST', '/api/account', { token: owner.access, json: { name: 'Ada' } });
      await server.call('POST', '/api/personalisation', {
        token: owner.access,
        json: { contactForm: { theme: 2, strings: { title: HOSTILE } } },
      });
      const reply = await server.call('GET', `/api/contact-form/${await shareCodeOf(server, owner.access)}`);
      expect(reply.body).toMatchObject({ name: 'Ada', branding: false, theme: { preset: 'Black' } });
      // Stored and served as given: pages render it as text.
      expect(reply.body.strings.title).toBe(HOSTILE);
      expect(reply.body.strings.subtitle).toBe('via voice message');
    });

    it('404 for unknown and malformed codes', async () => {
      for (const code of ['Nobody1234', 'x', '../etc']) {
        const reply = await server.call('GET', `/api/contact-form/${encodeURIComponent(code)}`);
        expect(reply, code).toMatchObject({ status: 404, body: { msg: 'This contact form does not exist' } });
      }
    });

    it('takes a voice message with the sender’s email, name and subject; refuses one without a valid email', async () => {
      const owner = await server.signUp();
      const code = await shareCodeOf(server, owner.access);
      const reserved = await reserveAsVisitor(server, `form:${code}`, { platform: 'contact-form' });
      const noEmail = await uploadAsVisitor(server, reserved.body.id, { context: { platform: 'contact-form' } });
      expect(noEmail).toMatchObject({
        status: 400,
        body: { msg: 'context.email: your email address is required, so they can answer you' },
      });
      const badEmail = await uploadAsVisitor(server, reserved.body.id, { context: { platform: 'contact-form', email: 'not an address' } });
      expect(badEmail).toMatchObject({ status: 400, body: { msg: 'context.email: must be a valid email address' } });
      expect((await rowOf(reserved.body.id))?.status).toBe('reserved');
      const accepted = await uploadAsVisitor(server, reserved.body.id, {
        context: { platform: 'contact-form', email: 'Visitor@Example.com', name: HOSTILE, subject: HOSTILE },
      });
      expect(accepted.status).toBe(200);
      const audios = await server.call('GET', '/api/audio', { token: owner.access });
      const stored = audios.body.audios.find((audio: { id: string }) => audio.id === reserved.body.id);
      expect(stored).toMatchObject({
        origin: 'contact-form',
        platform: 'contact-form',
        isReply: false,
        email: 'visitor@example.com',
        senderName: HOSTILE,
        subject: HOSTILE,
        message: null,
      });
      expect(stored.audioUrl).toMatch(/\.mp3$/);
    });

    it('takes a written message: among the owner’s recordings without audio, and with no public view', async () => {
      const owner = await server.signUp();
      const code = await shareCodeOf(server, owner.access);
      const sent = await server.call('POST', `/api/contact-form/${code}/messages`, {
        headers: fromAddress(newAddress()),
        json: { email: 'Grace@Example.com', name: 'Grace', subject: HOSTILE, message: `Call me back.\n${HOSTILE}` },
      });
      expect(sent.status).toBe(201);
      expect(sent.body.id).toMatch(/^[A-Za-z0-9]{12}$/);
      const audios = await server.call('GET', '/api/audio', { token: owner.access });
      expect(audios.body.audios).toHaveLength(1);
      expect(audios.body.audios[0]).toMatchObject({
        id: sent.body.id,
        origin: 'contact-form',
        platform: 'contact-form',
        email: 'grace@example.com',
        senderName: 'Grace',
        subject: HOSTILE,
        message: `Call me back.\n${HOSTILE}`,
        audioUrl: null,
        imageUrl: null,
        duration: 0,
      });
      const notFound = { status: 404, body: { msg: 'This voice message does not exist or was deleted' } };
      expect(await server.call('GET', `/api/view-vocal/${sent.body.id}`)).toMatchObject(notFound);
      expect(await server.call('GET', `/api/track/view-vocal/${sent.body.id}`)).toMatchObject(notFound);
      expect(await server.call('GET', `/api/comments/${sent.body.id}`)).toMatchObject(notFound);
      expect((await fetch(`${server.url}/listen/${sent.body.id}`)).status).toBe(404);
      expect(await server.call('GET', `/api/views/${sent.body.id}`, { token: owner.access })).toMatchObject({ status: 404 });
      // It is the owner's to delete like any message.
      expect((await server.call('DELETE', `/api/delete/${sent.body.id}`, { token: owner.access })).status).toBe(200);
      // Deletion is durable: the row goes with the job that deletes its files.
      await waitFor(
        () => rowOf(sent.body.id),
        (row) => row === undefined,
      );
    });

    it('refuses a written message without a valid email or text, or to an unknown form', async () => {
      const owner = await server.signUp();
      const code = await shareCodeOf(server, owner.access);
      const cases: [unknown, number, RegExp][] = [
        [{ message: 'Hello' }, 400, /^email: is required$/],
        [{ email: 'nope', message: 'Hello' }, 400, /^email: must be a valid email address$/],
        [{ email: 'a@example.com', message: '   ' }, 400, /^message: Write your message first$/],
        [{ email: 'a@example.com', message: 'x'.repeat(5001) }, 400, /^message: must be at most 5000 characters$/],
      ];
      for (const [json, status, message] of cases) {
        const reply = await server.call('POST', `/api/contact-form/${code}/messages`, { headers: fromAddress(newAddress()), json });
        expect(reply.status, JSON.stringify(json).slice(0, 60)).toBe(status);
        expect(reply.body.msg).toMatch(message);
      }
      const unknown = await server.call('POST', '/api/contact-form/Nobody1234/messages', {
        headers: fromAddress(newAddress()),
        json: { email: 'a@example.com', message: 'Hello' },
      });
      expect(unknown).toMatchObject({ status: 404, body: { msg: 'This contact form does not exist' } });
      const audios = await server.call('GET', '/api/audio', { token: owner.access });
      expect(audios.body.audios).toEqual([]);
    });

    it('answers a filled honeypot as if sent, and keeps and mails nothing', async () => {
      const owner = await server.signUp();
      const code = await shareCodeOf(server, owner.access);
      const jobsBefore = await server.running.services.db.select().from(jobs);
      const trapped = await server.call('POST', `/api/contact-form/${code}/messages`, {
        headers: fromAddress(newAddress()),
        json: { email: 'bot@example.com', message: 'Cheap pills', website: 'https://spam.example' },
      });
      expect(trapped.status).toBe(201);
      expect(trapped.body.id).toMatch(/^[A-Za-z0-9]{12}$/);
      expect(await rowOf(trapped.body.id)).toBeUndefined();
      const audios = await server.call('GET', '/api/audio', { token: owner.access });
      expect(audios.body.audios).toEqual([]);
      expect(await server.running.services.db.select().from(jobs)).toHaveLength(jobsBefore.length);
    });

    it('rate-limits written messages per address and per sender email, with 429 and Retry-After', async () => {
      const owner = await server.signUp();
      const code = await shareCodeOf(server, owner.access);
      const send = (email: string, address: string) =>
        server.call('POST', `/api/contact-form/${code}/messages`, { headers: fromAddress(address), json: { email, message: 'Hello' } });
      const address = newAddress();
      for (let attempt = 0; attempt < 10; attempt++) expect((await send(`sender${attempt}@example.com`, address)).status).toBe(201);
      const perAddress = await send('another@example.com', address);
      expect(perAddress.status).toBe(429);
      expect(perAddress.body.msg).toMatch(/^Too many messages from here\. Try again in \d+ seconds\.$/);
      expect(perAddress.headers.get('retry-after')).toMatch(/^\d+$/);

      const email = `persistent-${Date.now()}@example.com`;
      for (let attempt = 0; attempt < 5; attempt++) expect((await send(email, newAddress())).status).toBe(201);
      const perEmail = await send(email, newAddress());
      expect(perEmail.status).toBe(429);
      expect(perEmail.body.msg).toMatch(/^Too many messages from this email address\. Try again in \d+ seconds\.$/);
      expect(Number(perEmail.headers.get('retry-after'))).toBeGreaterThan(3000);
      // The same limit holds for voice messages to a contact form.
      const reserved = await reserveAsVisitor(server, `form:${code}`);
      const voice = await uploadAsVisitor(server, reserved.body.id, { context: { email } });
      expect(voice.status).toBe(429);
    });
  });

  describe('the collect page', () => {
    it('GET collect/{code} names the owner in the title and uses their listen-page theme', async () => {
      const owner = await pro();
      await server.call('POST', '/api/account', { token: owner.access, json: { name: 'Ada' } });
      await server.call('POST', '/api/personalisation', { token: owner.access, json: { listenPage: { theme: 1 } } });
      const code = await shareCodeOf(server, owner.access);
      const reply = await server.call('GET', `/api/collect/${code}`);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        code,
        name: 'Ada',
        title: 'Send Ada a voice message',
        theme: { preset: 'Slate' },
        branding: false,
      });
      expect((await server.call('GET', '/api/collect/Nobody1234')).body).toEqual({ msg: 'This collection does not exist' });
    });

    it('collected recordings are the owner’s, marked collect, with what the visitor gave', async () => {
      const owner = await server.signUp();
      const code = await shareCodeOf(server, owner.access);
      const id = await visitorRecording(server, `collect:${code}`, { name: 'Lin', email: 'lin@example.com', subject: 'For the album' });
      const row = await rowOf(id);
      expect(row).toMatchObject({
        userId: owner.id,
        origin: 'collect',
        isReply: false,
        replyToId: null,
        senderName: 'Lin',
        email: 'lin@example.com',
      });
      const audios = await server.call('GET', '/api/audio', { token: owner.access });
      expect(audios.body.audios[0]).toMatchObject({ id, origin: 'collect', subject: 'For the album' });
    });
  });

  it('visitor reservations are counted apart and never use up the owner’s own', async () => {
    const owner = await server.signUp();
    const code = await shareCodeOf(server, owner.access);
    const now = new Date();
    await server.running.services.db.insert(recordings).values(
      Array.from({ length: 60 }, (_, index) => ({
        id: `visitor${owner.id}x${index}`,
        userId: owner.id,
        origin: 'collect' as const,
        createdAt: now,
      })),
    );
    expect((await server.call('GET', '/api/get-vocal', { token: owner.access })).status).toBe(200);
    // And a visitor's reservation left for more than an hour is forgotten.
    const stale = new Date(Date.now() - 61 * 60_000);
    await server.running.services.db
      .insert(recordings)
      .values({ id: `stale${owner.id}xx`, userId: owner.id, origin: 'collect', createdAt: stale });
    expect((await reserveAsVisitor(server, `collect:${code}`)).status).toBe(200);
    expect(await rowOf(`stale${owner.id}xx`)).toBeUndefined();
  });

  describe('open reservations per visitor address', () => {
    const strangersReservations = (ownerId: number, count: number, createdAt = new Date()) =>
      server.running.services.db.insert(recordings).values(
        Array.from({ length: count }, (_, index) => ({
          id: `open${ownerId}x${index}x${createdAt.getTime() % 100_000}`,
          userId: ownerId,
          origin: 'contact-form' as const,
          visitorAddress: `172.16.${Math.floor(index / 250)}.${index % 250}`,
          createdAt,
        })),
      );

    it('one address at its cap of 5 is refused; another address records for the same form', async () => {
      const owner = await server.signUp();
      const code = await shareCodeOf(server, owner.access);
      const address = newAddress();
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await reserveAsVisitor(server, `form:${code}`, { address })).status).toBe(200);
      }
      const refused = await reserveAsVisitor(server, `form:${code}`, { address });
      expect(refused.status).toBe(429);
      expect(refused.body.msg).toMatch(/^You have too many recordings waiting to be sent here\. Try again in \d+ seconds\.$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
      const someoneElse = newAddress();
      const reserved = await reserveAsVisitor(server, `form:${code}`, { address: someoneElse });
      expect(reserved.status).toBe(200);
      const uploaded = await uploadAsVisitor(server, reserved.body.id, { address: someoneElse, context: { email: 'a@example.com' } });
      expect(uploaded.status).toBe(200);
      // The owner's own reservations are untouched by visitors.
      expect((await server.call('GET', '/api/get-vocal', { token: owner.access })).status).toBe(200);
    });

    it('keeps a visitor as a keyed hash of their address, never the address itself', async () => {
      const owner = await server.signUp();
      const code = await shareCodeOf(server, owner.access);
      const address = newAddress();
      const reserved = await reserveAsVisitor(server, `form:${code}`, { address });
      expect(reserved.status).toBe(200);
      const uploaded = await uploadAsVisitor(server, reserved.body.id, { address, context: { email: 'a@example.com' } });
      expect(uploaded.status).toBe(200);
      const [row] = await server.running.services.db.select().from(recordings).where(eq(recordings.id, reserved.body.id));
      expect(row?.visitorAddress).toMatch(/^[\w-]{43}$/);
      expect(JSON.stringify(row)).not.toContain(address);
    });

    it("hundreds of strangers' open reservations never switch off an owner's form", async () => {
      const owner = await server.signUp();
      const code = await shareCodeOf(server, owner.access);
      await strangersReservations(owner.id, 400);
      for (const target of [`form:${code}`, `collect:${code}`]) {
        expect((await reserveAsVisitor(server, target)).status).toBe(200);
      }
    });

    it('an unused reservation expires within an hour and frees its address', async () => {
      const owner = await server.signUp();
      const code = await shareCodeOf(server, owner.access);
      const address = newAddress();
      const ids = [];
      for (let attempt = 0; attempt < 5; attempt++) ids.push((await reserveAsVisitor(server, `form:${code}`, { address })).body.id);
      expect((await reserveAsVisitor(server, `form:${code}`, { address })).status).toBe(429);
      await server.running.services.db
        .update(recordings)
        .set({ createdAt: new Date(Date.now() - 60 * 60_000 - 1000) })
        .where(eq(recordings.id, ids[0]));
      expect((await reserveAsVisitor(server, `form:${code}`, { address })).status).toBe(200);
      expect(await rowOf(ids[0])).toBeUndefined();
      expect(await rowOf(ids[1])).toBeDefined();
    });
  });

  it('a visitor upload with a bad body says what is wrong once its reservation is known', async () => {
    const owner = await server.signUp();
    const code = await shareCodeOf(server, owner.access);
    const reserved = await reserveAsVisitor(server, `collect:${code}`);
    const reply = await server.call('POST', `/api/upload-vocal?id=${reserved.body.id}`, {
      headers: fromAddress(newAddress()),
      form: uploadForm({ image: samplePng(), context: { id: reserved.body.id, duration: 3, peaks: samplePeaks } }),
    });
    expect(reply).toMatchObject({ status: 400, body: { msg: 'recording: a file is required' } });
  });
});
