import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordings } from '../db/schema.ts';
import { embeddedBackend, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { startS3TestServer } from '../../test/harness/s3-test-server.ts';
import { ownerMessage } from '../../test/harness/visitor-helpers.ts';
import { FAILED_UNLOCKS_PER_MESSAGE_AND_CLIENT_PER_FIFTEEN_MINUTES } from '../http/api-limits.ts';

const SUBJECT = 'Quarterly numbers, confidential';
const PASSWORD = 'blue heron 42';

/** Every piece of a message a stranger must not learn from a protected link. */
function expectNothingOf(text: string, message: { id: string; email: string }) {
  expect(text).not.toContain(SUBJECT);
  expect(text).not.toContain(message.email);
  expect(text).not.toContain(`/files/${message.id}`);
  expect(text).not.toContain('Rosa');
}

const embeddedData = (html: string) =>
  JSON.parse(/<script type="application\/json" id="listen-data">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, unknown>;

async function sendMessage(server: TestServer) {
  const user = await server.signUp();
  expect((await server.call('POST', '/api/account', { token: user.access, json: { name: 'Rosa' } })).status).toBe(200);
  return { id: await ownerMessage(server, user.access, { subject: SUBJECT }), user, email: user.email };
}

describe.each(embeddedBackend)('password-protected messages on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { TRUST_PROXY: 'true' });
  });
  afterAll(() => server.close());

  async function protectedMessage() {
    const message = await sendMessage(server);
    const edited = await server.call('POST', `/api/edit/${message.id}`, {
      token: message.user.access,
      json: { privacy: 'password', password: PASSWORD },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.privacy).toBe('password');
    expect(JSON.stringify(edited.body)).not.toContain(PASSWORD);
    return message;
  }

  const unlock = (id: string, password: string, headers: Record<string, string> = {}) =>
    server.call('POST', `/api/unlock-vocal/${id}`, { json: { password }, headers });

  it('keeps only a hash of the password, and the owner sees privacy in their list', async () => {
    const message = await protectedMessage();
    const [row] = await server.running.services.db.select().from(recordings).where(eq(recordings.id, message.id));
    expect(row!.privacy).toBe('password');
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain(PASSWORD);
    const list = await server.call('GET', '/api/audio', { token: message.user.access });
    expect(list.body.audios.find((audio: { id: string }) => audio.id === message.id).privacy).toBe('password');
  });

  it("the owner's own lists name the files at signed addresses, so they play and download", async () => {
    const message = await protectedMessage();
    const token = message.user.access;
    const listed = (await server.call('GET', '/api/audio', { token })).body.audios.find((audio: { id: string }) => audio.id === message.id);
    const inbox = (await server.call('GET', '/api/inbox?view=sent', { token })).body.items.find(
      (item: { id: string }) => item.id === message.id,
    );
    const { folders } = (await server.call('GET', '/api/recordings', { token })).body;
    const inFolders = folders
      .flatMap((folder: { recordings: { id: string }[] }) => folder.recordings)
      .find((audio: { id: string }) => audio.id === message.id);
    for (const recording of [listed, inbox, inFolders]) {
      for (const url of [recording.audioUrl, recording.imageUrl] as string[]) {
        expect(url).toMatch(/\?expires=\d+&signature=/);
        expect((await fetch(url)).status).toBe(200);
        expect((await fetch(url.split('?')[0]!)).status).toBe(404);
      }
    }
  });

  it('view-vocal answers 401 {msg, protected} without an unlock token, revealing nothing', async () => {
    const message = await protectedMessage();
    const refused = await server.call('GET', `/api/view-vocal/${message.id}`);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ msg: 'This voice message is protected by a password', protected: true, privacy: 'password' });
    expectNothingOf(JSON.stringify(refused.body), message);
    // A forged or malformed token is no better than none.
    for (const token of ['nonsense', `${Math.floor(Date.now() / 1000) + 3600}.${'A'.repeat(43)}`]) {
      const forged = await server.call('GET', `/api/view-vocal/${message.id}`, { headers: { 'x-unlock-token': token } });
      expect(forged.status).toBe(401);
    }
  });

  it('a wrong password is refused, the right one unlocks the payload with signed file addresses', async () => {
    const message = await protectedMessage();
    const wrong = await unlock(message.id, 'not it');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ msg: 'That password is not right' });

    const right = await unlock(message.id, PASSWORD);
    expect(right.status).toBe(200);
    expect(right.body.token).toMatch(/^\d+\.[A-Za-z0-9_-]+$/);
    expect(new Date(right.body.expiresAt).getTime()).toBeGreaterThan(Date.now());

    const opened = await server.call('GET', `/api/view-vocal/${message.id}`, { headers: { 'x-unlock-token': right.body.token } });
    expect(opened.status).toBe(200);
    expect(opened.headers.get('cache-control')).toBe('private, no-store');
    expect(opened.body.audio.subject).toBe(SUBJECT);
    const { audioUrl, imageUrl } = opened.body.audio as { audioUrl: string; imageUrl: string };
    expect(audioUrl).toMatch(new RegExp(`/files/${message.id}_[\\w-]{22}\\.mp3\\?expires=\\d+&signature=`));

    // The plain addresses answer 404; the signed ones serve the files.
    for (const url of [audioUrl, imageUrl]) {
      const plain = await fetch(url.split('?')[0]!);
      expect(plain.status).toBe(404);
      const signed = await fetch(url);
      expect(signed.status).toBe(200);
      expect(signed.headers.get('cache-control')).toBe('private, max-age=3600');
      expect((await signed.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    // A signature is for its own key only, and a changed one is refused.
    const tampered = audioUrl.replace(/signature=./, (match) => `${match.slice(0, -1)}${match.endsWith('A') ? 'B' : 'A'}`);
    expect((await fetch(tampered)).status).toBe(404);
    const otherKey = imageUrl.replace(/\.png\?/, '.mp3?');
    expect((await fetch(otherKey)).status).toBe(404);
  });

  it('a token is for its own message, and ends when the password changes', async () => {
    const first = await protectedMessage();
    const second = await protectedMessage();
    const token = (await unlock(first.id, PASSWORD)).body.token as string;
    expect((await server.call('GET', `/api/view-vocal/${second.id}`, { headers: { 'x-unlock-token': token } })).status).toBe(401);
    await server.call('POST', `/api/edit/${first.id}`, { token: first.user.access, json: { privacy: 'password', password: 'a new one' } });
    expect((await server.call('GET', `/api/view-vocal/${first.id}`, { headers: { 'x-unlock-token': token } })).status).toBe(401);
    expect((await unlock(first.id, PASSWORD)).status).toBe(401);
    expect((await unlock(first.id, 'a new one')).status).toBe(200);
  });

  it('the signed-in owner sees their own message without a password', async () => {
    const message = await protectedMessage();
    const own = await server.call('GET', `/api/view-vocal/${message.id}`, { token: message.user.access });
    expect(own.status).toBe(200);
    expect(own.body.audio.subject).toBe(SUBJECT);
    const stranger = await server.signUp();
    expect((await server.call('GET', `/api/view-vocal/${message.id}`, { token: stranger.access })).status).toBe(401);
  });

  it('removing the password makes the message public again', async () => {
    const message = await protectedMessage();
    const removed = await server.call('POST', `/api/edit/${message.id}`, { token: message.user.access, json: { privacy: 'public' } });
    expect(removed.status).toBe(200);
    expect(removed.body.privacy).toBe('public');
    const open = await server.call('GET', `/api/view-vocal/${message.id}`);
    expect(open.status).toBe(200);
    expect((await fetch(open.body.audio.audioUrl)).status).toBe(200);
    expect((await unlock(message.id, PASSWORD)).body).toEqual({ msg: 'This voice message has no password' });
  });

  it('another user cannot set or remove the password of a message that is not theirs', async () => {
    const message = await sendMessage(server);
    const stranger = await server.signUp();
    const attempt = await server.call('POST', `/api/edit/${message.id}`, {
      token: stranger.access,
      json: { privacy: 'password', password: 'locked you out' },
    });
    expect(attempt.status).toBe(404);
    expect((await server.call('GET', `/api/view-vocal/${message.id}`)).status).toBe(200);
    const anonymous = await server.call('POST', `/api/edit/${message.id}`, { json: { privacy: 'password', password: 'locked you out' } });
    expect(anonymous.status).toBe(401);
  });

  it('refuses bad input with a 400 {msg} and changes nothing', async () => {
    const message = await sendMessage(server);
    const bodies = [
      { privacy: 'password' },
      { privacy: 'password', password: 'abc' },
      { privacy: 'password', password: 'x'.repeat(201) },
      { privacy: 'public', password: 'something' },
      { password: 'something long' },
      { privacy: 'secret' },
      { privacy: 'password', password: 12345 },
    ];
    for (const json of bodies) {
      const refused = await server.call('POST', `/api/edit/${message.id}`, { token: message.user.access, json });
      expect(refused.status, JSON.stringify(json)).toBe(400);
      expect(typeof refused.body.msg).toBe('string');
    }
    expect((await server.call('GET', `/api/view-vocal/${message.id}`)).status).toBe(200);
    for (const json of [{}, { password: '' }, { password: 5 }, { password: 'x', extra: 1 }]) {
      const refused = await server.call('POST', `/api/unlock-vocal/${message.id}`, { json });
      expect(refused.status, JSON.stringify(json)).toBe(400);
    }
    const notJson = await server.call('POST', `/api/unlock-vocal/${message.id}`, {
      body: 'password=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(notJson.status).toBeLessThan(500);
    expect((await unlock('AAAAAAAAAAAA', PASSWORD)).status).toBe(404);
  });

  it('rate limits wrong passwords per message and address with 429 and Retry-After', async () => {
    const message = await protectedMessage();
    const from = { 'x-forwarded-for': '203.0.113.9' };
    for (let attempt = 0; attempt < FAILED_UNLOCKS_PER_MESSAGE_AND_CLIENT_PER_FIFTEEN_MINUTES; attempt++) {
      expect((await unlock(message.id, `guess ${attempt}`, from)).status).toBe(401);
    }
    const limited = await unlock(message.id, PASSWORD, from);
    expect(limited.status).toBe(429);
    expect(limited.body.msg).toMatch(/Too many wrong passwords/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('the listen page, embed player, preview card and oEmbed say only "A private voice message"', async () => {
    const message = await protectedMessage();
    const listen = await fetch(`${server.url}/listen/${message.id}`);
    const html = await listen.text();
    expectNothingOf(html, message);
    expect(html).toContain('<title>A private voice message · Vocal</title>');
    expect(html).toContain('<meta property="og:title" content="A private voice message">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('og:audio');
    expect(embeddedData(html)).toEqual({
      status: 401,
      protected: true,
      privacy: 'password',
      id: message.id,
      message: 'This voice message is protected by a password',
    });

    const embed = await fetch(`${server.url}/embed/player/${message.id}`);
    const embedHtml = await embed.text();
    expectNothingOf(embedHtml, message);
    expect(embeddedData(embedHtml)).toMatchObject({ status: 401, protected: true });

    const oembed = await server.call('GET', `/api/oembed?url=${encodeURIComponent(`${server.url}/listen/${message.id}`)}&format=json`);
    expect(oembed.status).toBe(200);
    expect(oembed.body.title).toBe('A private voice message');
    expect(oembed.body.author_name).toBe('Vocal');
    expectNothingOf(JSON.stringify(oembed.body), message);

    const card = await fetch(`${server.url}/listen/${message.id}/card.png`);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    // The private card is the same picture for every protected message: nothing of this one is drawn.
    const other = await protectedMessage();
    const otherCard = await fetch(`${server.url}/listen/${other.id}/card.png`);
    expect(Buffer.from(await otherCard.arrayBuffer()).equals(Buffer.from(await card.arrayBuffer()))).toBe(true);
  });

  it('comments and replies on a protected message need the unlock token', async () => {
    const message = await protectedMessage();
    expect((await server.call('GET', `/api/comments/${message.id}`)).body).toEqual({
      msg: 'This voice message is protected by a password',
      protected: true,
      privacy: 'password',
    });
    const comment = { text: 'Nice one' };
    expect((await server.call('POST', `/api/comments/${message.id}`, { json: comment })).status).toBe(401);
    expect((await server.call('GET', `/api/get-vocal-free?target=reply:${message.id}`)).status).toBe(401);

    const headers = { 'x-unlock-token': (await unlock(message.id, PASSWORD)).body.token as string };
    expect((await server.call('POST', `/api/comments/${message.id}`, { json: comment, headers })).status).toBe(201);
    const comments = await server.call('GET', `/api/comments/${message.id}`, { headers });
    expect(comments.body.comments.map((entry: { text: string }) => entry.text)).toEqual(['Nice one']);
    expect((await server.call('GET', `/api/get-vocal-free?target=reply:${message.id}`, { headers })).status).toBe(200);
  });
});

describe.each(embeddedBackend)('password-protected messages on S3 storage on %s', (backend) => {
  let s3: Awaited<ReturnType<typeof startS3TestServer>>;
  let server: TestServer;
  beforeAll(async () => {
    s3 = await startS3TestServer();
    server = await startTestServer(backend, { ...s3.env, TRANSCRIBER: 'none' });
  });
  afterAll(async () => {
    await server.close();
    await s3.close();
  });

  const unlocked = async (id: string, password: string) => {
    const token = (await server.call('POST', `/api/unlock-vocal/${id}`, { json: { password } })).body.token;
    const opened = await server.call('GET', `/api/view-vocal/${id}`, { headers: { 'x-unlock-token': token } });
    expect(opened.status).toBe(200);
    return [opened.body.audio.audioUrl, opened.body.audio.imageUrl] as string[];
  };

  it('the unlocked payload names presigned GETs that serve the files; the public bucket no longer does', async () => {
    const message = await sendMessage(server);
    const publicUrls = [`${s3.url}/vocal-files/${message.id}.mp3`, `${s3.url}/vocal-files/${message.id}.png`];
    for (const url of publicUrls) expect((await fetch(url)).status).toBe(200);
    await server.call('POST', `/api/edit/${message.id}`, { token: message.user.access, json: { privacy: 'password', password: PASSWORD } });

    // The bucket serves anything it holds to anyone: the files moved to names only the
    // presigned addresses give away, and the guessable ones are gone.
    for (const url of publicUrls) expect((await fetch(url)).status).toBe(404);
    const signed = await unlocked(message.id, PASSWORD);
    for (const url of signed) {
      expect(url).toMatch(/X-Amz-Signature=/);
      expect(url).toMatch(/X-Amz-Expires=3600/);
      expect(new URL(url).pathname).toMatch(new RegExp(`/vocal-files/${message.id}_[\\w-]{22}\\.(mp3|png)$`));
      const file = await fetch(url);
      expect(file.status).toBe(200);
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    expect((await fetch(signed[0]!)).headers.get('content-type')).toBe('audio/mpeg');

    // A new password moves them again: an address kept from before leads nowhere.
    await server.call('POST', `/api/edit/${message.id}`, {
      token: message.user.access,
      json: { privacy: 'password', password: 'a new one' },
    });
    for (const url of signed) expect((await fetch(url.split('?')[0]!)).status).toBe(404);
    const moved = await unlocked(message.id, 'a new one');
    for (const url of moved) expect((await fetch(url)).status).toBe(200);

    // Public again, it is served from the bucket where it now lies.
    await server.call('POST', `/api/edit/${message.id}`, { token: message.user.access, json: { privacy: 'public' } });
    const open = (await server.call('GET', `/api/view-vocal/${message.id}`)).body.audio;
    expect(open.audioUrl).toBe(moved[0]!.split('?')[0]);
    expect((await fetch(open.audioUrl)).status).toBe(200);
  });
});
