import { makePng, JPEG_BYTES } from '@vocal/test-fixtures';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { emailChanges } from '../db/schema.ts';
import { embeddedBackend } from '../../test/harness/test-server.ts';
import { serverForSuite, smtpForSuite } from '../../test/harness/suite-servers.ts';
import { samplePeaks, samplePng, threeSecondMp3, uploadForm } from '../../test/harness/upload-form.ts';

describe.each(embeddedBackend)('account on %s', (backend) => {
  const server = serverForSuite(backend);

  it('GET /account returns the whole user with the spec defaults', async () => {
    const user = await server.signUp();
    const reply = await server.call('GET', '/api/account', { token: user.access });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      id: user.id,
      email: user.email,
      // EMAIL_CONFIRMATION is off in the test server: every address counts as confirmed.
      emailConfirmed: true,
      name: 'You',
      avatarUrl: null,
      plan: 0,
      subscribed: false,
      subscribedStrict: false,
      domain: null,
      inviteCode: expect.stringMatching(/^[A-Za-z0-9]{10}$/),
      inviteLink: expect.stringMatching(/\/record\/share\/[A-Za-z0-9]{10}$/),
      stripeId: null,
      subscriptionMessage: null,
      messages: { showTrial: false, showPaywall: false, max: 50, count: 0 },
    });
  });

  it('POST /account updates name and avatar, and validates them', async () => {
    const user = await server.signUp();
    const form = new FormData();
    form.set('img', new Blob([makePng(8, 8)], { type: 'image/png' }), 'grace.png');
    form.set('kind', 'avatar');
    const picture = await server.call('POST', '/api/image', { token: user.access, form });
    const updated = await server.call('POST', '/api/account', {
      token: user.access,
      json: { name: '  Grace Hopper ', avatarUrl: picture.body.url, email: user.email.toUpperCase() },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Grace Hopper', avatarUrl: picture.body.url, email: user.email });
    const emptied = await server.call('POST', '/api/account', { token: user.access, json: { name: '' } });
    expect(emptied.body.name).toBe('You');

    for (const [json, message] of [
      [{ email: 'nope' }, /^email: must be a valid email address$/],
      [{ avatarUrl: 'javascript:alert(1)' }, /^avatarUrl: must be an http or https URL$/],
      [{ plan: 1 }, /Unrecognized key/],
      [{ name: 'x'.repeat(101) }, /^name: must be at most 100 characters$/],
    ] as const) {
      const reply = await server.call('POST', '/api/account', { token: user.access, json });
      expect(reply.status).toBe(400);
      expect(reply.body.msg).toMatch(message);
    }
    const after = await server.call('GET', '/api/account', { token: user.access });
    expect(after.body).toMatchObject({ name: 'You', plan: 0 });
  });

  it("refuses to take another user's email with 409", async () => {
    const first = await server.signUp();
    const second = await server.signUp();
    const reply = await server.call('POST', '/api/account', {
      token: second.access,
      json: { email: first.email, currentPassword: 'correct horse battery' },
    });
    expect(reply).toMatchObject({ status: 409, body: { msg: 'That email address is already in use' } });
  });

  it('GET /share/{code} shows the public user only', async () => {
    const user = await server.signUp();
    await server.call('POST', '/api/account', { token: user.access, json: { name: 'Linus' } });
    const account = await server.call('GET', '/api/account', { token: user.access });
    const reply = await server.call('GET', `/api/share/${account.body.inviteCode}`);
    expect(reply.status).toBe(200);
    expect(reply.body.name).toBe('Linus');
    for (const key of ['email', 'stripeId', 'plan', 'subscribed', 'subscriptionMessage']) {
      expect(reply.body).not.toHaveProperty(key);
    }
    expect((await server.call('GET', '/api/share/nobodyhere1')).status).toBe(404);
    expect((await server.call('GET', '/api/share/..%2F')).status).toBe(404);
  });

  it('POST /image stores a picture and returns its URL (WebP, or PNG for an avatar); refuses what is not a picture', async () => {
    const user = await server.signUp();
    for (const [kind, extension, contentType] of [
      [null, 'webp', 'image/webp'],
      ['logo', 'webp', 'image/webp'],
      ['avatar', 'png', 'image/png'],
    ] as const) {
      const form = new FormData();
      form.set('img', new Blob([makePng(32, 32)], { type: 'image/png' }), 'me.png');
      if (kind) form.set('kind', kind);
      const reply = await server.call('POST', '/api/image', { token: user.access, form });
      expect(reply.status).toBe(200);
      expect(reply.body.url).toMatch(new RegExp(`/files/images/[0-9a-f-]{36}\\.${extension}$`));
      const picture = await fetch(reply.body.url.replace('localhost', '127.0.0.1'));
      expect(picture.headers.get('content-type')).toBe(contentType);
    }

    // A JPEG's first bytes without a frame header say no size: not a picture we decode (accounts/pictures.test.ts).
    const jpeg = new FormData();
    jpeg.set('img', new Blob([JPEG_BYTES]), 'me.jpg');
    expect((await server.call('POST', '/api/image', { token: user.access, form: jpeg })).status).toBe(415);

    const text = new FormData();
    text.set('img', new Blob(['<svg onload=alert(1)>']), 'evil.svg');
    const refused = await server.call('POST', '/api/image', { token: user.access, form: text });
    expect(refused).toMatchObject({ status: 415, body: { msg: 'img: must be a PNG, JPEG or GIF picture' } });
    const missing = await server.call('POST', '/api/image', { token: user.access, form: new FormData() });
    expect(missing).toMatchObject({ status: 400, body: { msg: 'img: a file is required' } });
  });

  it('POST /delete removes the account, its recordings and their files', async () => {
    const user = await server.signUp();
    const { body } = await server.call('GET', '/api/get-vocal', { token: user.access });
    await server.call('POST', '/api/upload-vocal', {
      token: user.access,
      form: uploadForm({
        recording: await threeSecondMp3(),
        image: samplePng(),
        context: { id: body.id, duration: 3, peaks: samplePeaks },
      }),
    });
    expect((await fetch(`${server.url}/files/${body.id}.mp3`)).status).toBe(200);

    const deleted = await server.call('POST', '/api/delete', { token: user.access, json: { password: 'correct horse battery' } });
    expect(deleted).toMatchObject({ status: 200, body: { ok: true } });
    expect((await server.call('GET', '/api/account', { token: user.access })).status).toBe(401);
    expect((await server.call('POST', '/api/refresh', { token: user.refresh })).status).toBe(401);
    expect((await server.call('GET', `/api/view-vocal/${body.id}`)).status).toBe(404);
    expect((await fetch(`${server.url}/files/${body.id}.mp3`)).status).toBe(404);
    // The address is free again: signing up with it makes a new, empty account.
    const again = await server.call('POST', '/api/auth', { json: { email: user.email, password: 'another password' } });
    expect(again.status).toBe(201);
  });
});

describe.each(embeddedBackend)('changing the account email on %s', (backend) => {
  const smtp = smtpForSuite();
  const server = serverForSuite(backend, () => ({ SMTP_URL: smtp.url, TRUST_PROXY: 'true' }));

  const PASSWORD = 'correct horse battery';
  let addressCounter = 0;
  const newAddress = () => `other-${++addressCounter}-${Date.now()}@example.com`;
  const change = (token: string, json: Record<string, unknown>, address = '198.51.100.77') =>
    server.call('POST', '/api/account', { token, json, headers: { 'x-forwarded-for': address } });
  const emailOf = async (token: string) => (await server.call('GET', '/api/account', { token })).body.email;
  const confirmLinkIn = (text: string) => {
    const link = /https?:\/\/\S+\/api\/account\/email\/confirm\?token=[\w-]+/.exec(text)?.[0];
    if (!link) throw new Error(`No confirmation link in: ${text}`);
    return link.replace('localhost', '127.0.0.1');
  };
  const open = (link: string) => fetch(link, { redirect: 'manual' });
  const pendingRows = () => server.running.services.db.select().from(emailChanges);

  it('needs the current password: 400 without it, 403 when wrong, and nothing changes', async () => {
    const user = await server.signUp();
    const target = newAddress();
    const missing = await change(user.access, { email: target, name: 'Mallory' });
    expect(missing).toMatchObject({ status: 400, body: { msg: 'currentPassword: is required to change the email address' } });
    const wrong = await change(user.access, { email: target, name: 'Mallory', currentPassword: 'not the password' });
    expect(wrong).toMatchObject({ status: 403, body: { msg: 'currentPassword: is not the password of this account' } });
    const account = await server.call('GET', '/api/account', { token: user.access });
    expect(account.body).toMatchObject({ email: user.email, name: 'You' });
    expect(smtp.messages.some((mail) => mail.to.includes(target))).toBe(false);
  });

  it('throttles guesses of the current password like sign-ins', async () => {
    const user = await server.signUp();
    // The backoff is timed by the server's clock: held still, so a slow machine cannot let the
    // first wait (1 s) run out between the fifth guess and the sixth.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    try {
      const guess = () => change(user.access, { email: newAddress(), currentPassword: 'not the password' }, '198.51.100.78');
      for (let attempt = 0; attempt < 5; attempt++) expect((await guess()).status).toBe(403);
      expect((await guess()).status).toBe(429);
    } finally {
      vi.useRealTimers();
    }
  });

  it('limits how often asking for a change mails an address: per account and per address asked for (issue 23, finding 4)', async () => {
    const user = await server.signUp();
    const victim = newAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt++) {
      statuses.push((await change(user.access, { email: victim, currentPassword: PASSWORD })).status);
    }
    expect(statuses).toEqual([200, 200, 200, ...Array(17).fill(429)]);
    // Another account asking for the same address is held to the same count.
    const accomplice = await server.signUp();
    const refused = await change(accomplice.access, { email: victim, currentPassword: PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toMatch(/^Too many confirmation mails to that address\. Try again in \d+ seconds\.$/);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(smtp.messages.filter((mail) => mail.to.includes(victim))).toHaveLength(3);
    // One account asking for ever new addresses: five an hour.
    const spreader = await server.signUp();
    const spread: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++)
      spread.push((await change(spreader.access, { email: newAddress(), currentPassword: PASSWORD })).status);
    expect(spread).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('mails a single-use link to the new address and a notice to the old; confirming moves the account and signs out other sessions', async () => {
    const user = await server.signUp();
    const other = await server.call('POST', '/api/auth', { json: { email: user.email, password: PASSWORD } });
    expect(other.status).toBe(200);
    const target = newAddress();

    const asked = await change(user.access, { email: target.toUpperCase(), currentPassword: PASSWORD });
    expect(asked.status).toBe(200);
    expect(asked.body.email).toBe(user.email);
    expect(await emailOf(user.access)).toBe(user.email);

    const confirmation = await smtp.waitFor((mail) => mail.to.includes(target));
    expect(confirmation.subject).toBe('Confirm your new email address for Vocal');
    const link = confirmLinkIn(confirmation.text);
    const notice = await smtp.waitFor((mail) => mail.to.includes(user.email) && /about to change/.test(mail.subject));
    expect(notice.text).toContain(target);
    // The token is kept only as a hash.
    const token = new URL(link).searchParams.get('token')!;
    expect(JSON.stringify(await pendingRows())).not.toContain(token);

    const opened = await open(link);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toMatch(/\/settings\?email=confirmed$/);
    expect(await emailOf(user.access)).toBe(target);
    expect(await server.call('GET', '/api/account', { token: other.body.access_token })).toMatchObject({
      status: 401,
      body: { msg: 'This session has been signed out' },
    });
    expect((await server.call('POST', '/api/refresh', { token: other.body.refresh_token })).status).toBe(401);
    expect((await server.call('POST', '/api/auth', { json: { email: target, password: PASSWORD } })).status).toBe(200);

    const again = await open(link);
    expect(again.headers.get('location')).toMatch(/\/settings\?email=invalid$/);
    expect((await open(`${server.url}/api/account/email/confirm?token=nonsense`)).headers.get('location')).toMatch(/email=invalid$/);
  });

  it('an expired link, or an address taken meanwhile, changes nothing', async () => {
    const user = await server.signUp();
    const late = newAddress();
    expect((await change(user.access, { email: late, currentPassword: PASSWORD })).status).toBe(200);
    const lateLink = confirmLinkIn((await smtp.waitFor((mail) => mail.to.includes(late))).text);
    await server.running.services.db
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.newEmail, late));
    expect((await open(lateLink)).headers.get('location')).toMatch(/email=invalid$/);
    expect(await emailOf(user.access)).toBe(user.email);

    const contested = newAddress();
    expect((await change(user.access, { email: contested, currentPassword: PASSWORD })).status).toBe(200);
    const contestedLink = confirmLinkIn((await smtp.waitFor((mail) => mail.to.includes(contested))).text);
    await server.signUp(contested);
    expect((await open(contestedLink)).headers.get('location')).toMatch(/email=taken$/);
    expect(await emailOf(user.access)).toBe(user.email);
  });

  it('answers 503 and keeps nothing when the confirmation cannot be mailed', async () => {
    const user = await server.signUp();
    const target = newAddress();
    smtp.failRecipient(target);
    const reply = await change(user.access, { email: target, currentPassword: PASSWORD });
    expect(reply).toMatchObject({ status: 503, body: { msg: expect.stringMatching(/could not be sent/) } });
    expect((await pendingRows()).filter((row) => row.newEmail === target)).toHaveLength(0);
  });
});
