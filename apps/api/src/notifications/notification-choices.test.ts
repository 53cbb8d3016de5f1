import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../db/schema.ts';
import { type CapturedMail } from '@vocal/test-fixtures/smtp';
import { embeddedBackend } from '../../test/harness/test-server.ts';
import { serverForSuite, smtpForSuite } from '../../test/harness/suite-servers.ts';
import { waitFor } from '../../test/harness/upload-form.ts';
import { fromAddress, newAddress, ownerMessage, shareCodeOf } from '../../test/harness/visitor-helpers.ts';

const DAY_MS = 86_400_000;
const ONE_CLICK = { 'content-type': 'application/x-www-form-urlencoded' };

/** The link between the angle brackets of List-Unsubscribe, and its token. */
function unsubscribeLink(mail: CapturedMail) {
  const header = mail.headers.get('list-unsubscribe') ?? '';
  const url = new URL(/^<([^>]+)>$/.exec(header)?.[1] ?? 'http://missing/');
  return { url, path: `${url.pathname}${url.search}`, token: url.searchParams.get('token') ?? '' };
}

describe.each(embeddedBackend)('notification choices, unsubscribe links, receipts and the digest on %s', (backend) => {
  const smtp = smtpForSuite();
  const server = serverForSuite(backend, () => ({ TRUST_PROXY: 'true', SMTP_URL: smtp.url }));

  const settingsOf = async (token: string) => (await server.call('GET', '/api/personalisation', { token })).body;
  const jobsLike = (pattern: string) => server.running.services.db.select().from(jobs).where(like(jobs.key, pattern));
  /** Waits until the job of `key` has run; a notification's mail leaves inside its job. */
  const jobDone = (key: string) =>
    waitFor(
      () => server.running.services.db.select().from(jobs).where(eq(jobs.key, key)),
      ([row]) => row?.state === 'done',
    );
  const mailsTo = (email: string) => smtp.messages.filter((mail) => mail.to.includes(email));
  const comment = (recordingId: string, text: string) =>
    server.call('POST', `/api/comments/${recordingId}`, { headers: fromAddress(newAddress()), json: { name: 'Lin', text } });

  it('every notification mail has RFC 8058 one-click headers; a POST to the link turns that kind off, the undo back on', async () => {
    const owner = await server.signUp();
    const original = await ownerMessage(server, owner.access, { subject: 'Roadmap' });
    await comment(original, 'First!');
    const mail = await smtp.waitFor((message) => message.to.includes(owner.email) && message.subject.includes('commented'));
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = unsubscribeLink(mail);
    expect(link.url.origin + link.url.pathname).toBe(`${server.running.url}/api/unsubscribe`);
    expect(link.token).toMatch(new RegExp(`^${owner.id}\\.comment\\.`));
    // The same link in the footer, for people.
    expect(mail.text).toContain(`Unsubscribe from emails like this one: ${link.url.href}`);

    const off = await server.call('POST', link.path, { headers: ONE_CLICK, body: 'List-Unsubscribe=One-Click' });
    expect(off).toMatchObject({ status: 200, body: { kind: 'comment', subscribed: false } });
    const settings = await settingsOf(owner.access);
    expect(settings.notifications).toMatchObject({ comment: false, reply: true, contactForm: true, collect: true, firstListen: true });
    expect(settings.defaults.notifications).toBe(true);

    // Now a comment queues its job as before, and the job sends nothing.
    const unheard = await comment(original, 'Nobody will be told');
    await jobDone(`notify:comment:${unheard.body.id}`);
    expect(mailsTo(owner.email).filter((message) => message.subject.includes('commented'))).toHaveLength(1);

    const on = await server.call('POST', `/api/unsubscribe/undo?token=${encodeURIComponent(link.token)}`);
    expect(on).toMatchObject({ status: 200, body: { kind: 'comment', subscribed: true } });
    expect((await settingsOf(owner.access)).notifications.comment).toBe(true);
  });

  it('refuses forged and altered tokens with 400, changing nothing', async () => {
    const victim = await server.signUp();
    const attacker = await server.signUp();
    const code = await shareCodeOf(server, attacker.access);
    await server.call('POST', `/api/contact-form/${code}/messages`, {
      headers: fromAddress(newAddress()),
      json: { email: 'x@example.com', message: 'Hello' },
    });
    const mail = await smtp.waitFor((message) => message.to.includes(attacker.email));
    const { token } = unsubscribeLink(mail);
    const [, kind, signature] = token.split('.');
    expect(kind).toBe('contactForm');
    const flipped = `${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [
      `${victim.id}.${kind}.${signature}`, // someone else's account
      `${attacker.id}.all.${signature}`, // another kind
      `${attacker.id}.${kind}.${flipped}`, // a changed signature
      `${victim.id}.all`, // no signature
      'garbage',
    ]) {
      const refused = await server.call('POST', `/api/unsubscribe?token=${encodeURIComponent(forged)}`, { headers: ONE_CLICK, body: '' });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toMatch(/not valid/);
    }
    expect((await server.call('POST', '/api/unsubscribe')).status).toBe(400);
    expect((await settingsOf(victim.access)).defaults.notifications).toBe(true);
    expect((await settingsOf(attacker.access)).notifications.contactForm).toBe(true);
  });

  it('a person opening the link is sent to the web page that confirms it (a GET changes nothing)', async () => {
    const owner = await server.signUp();
    const token = await server.running.services.notifications.unsubscribe.linkOf(owner.id, 'reply');
    const opened = await fetch(token, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`${server.running.url}/unsubscribe?token=${new URL(token).searchParams.get('token')}`);
    expect((await settingsOf(owner.access)).notifications.reply).toBe(true);
  });

  it('the first listen by someone else mails a receipt, once; the owner’s own listen does not', async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access, { subject: 'Quarterly numbers' });
    const ownListen = await server.call('GET', `/api/track/view-vocal/${id}`, { token: owner.access, headers: fromAddress(newAddress()) });
    expect(ownListen.body).toMatchObject({ counted: false });
    expect(await jobsLike(`notify:first-listen:${id}`)).toEqual([]);

    const first = await server.call('GET', `/api/track/view-vocal/${id}`, { headers: fromAddress(newAddress()) });
    expect(first.body).toMatchObject({ counted: true });
    const receipt = await smtp.waitFor((mail) => mail.to.includes(owner.email) && mail.subject.includes('heard for the first time'));
    expect(receipt.subject).toBe('"Quarterly numbers" was just heard for the first time');
    expect(receipt.text).toContain(`Open the message: ${server.running.url}/listen/${id}`);
    expect(unsubscribeLink(receipt).token).toMatch(new RegExp(`^${owner.id}\\.firstListen\\.`));

    const second = await server.call('GET', `/api/track/view-vocal/${id}`, { headers: fromAddress(newAddress()) });
    expect(second.body).toMatchObject({ counted: true });
    const [job] = await jobDone(`notify:first-listen:${id}`);
    expect(job?.attempts).toBe(1);
    expect(await jobsLike(`notify:first-listen:${id}`)).toHaveLength(1);
    expect(mailsTo(owner.email).filter((mail) => mail.subject.includes('heard for the first time'))).toHaveLength(1);
  });

  it('with the digest on, nothing is mailed at once; the day’s digest lists what came in, for the kinds left on', async () => {
    const owner = await server.signUp();
    const chose = await server.call('POST', '/api/personalisation', {
      token: owner.access,
      json: { notifications: { digest: true, comment: false } },
    });
    expect(chose.body.notifications).toMatchObject({ digest: true, comment: false, contactForm: true, firstListen: true });
    const today = new Date().toISOString().slice(0, 10);
    const code = await shareCodeOf(server, owner.access);
    const written = await server.call('POST', `/api/contact-form/${code}/messages`, {
      headers: fromAddress(newAddress()),
      json: { email: 'grace@example.com', name: 'Grace', subject: 'Pricing', message: 'Can we talk on Monday?' },
    });
    const message = await ownerMessage(server, owner.access, { subject: 'Launch plan' });
    const commented = await comment(message, 'A comment the owner turned off');
    await server.call('GET', `/api/track/view-vocal/${message}`, { headers: fromAddress(newAddress()) });
    await jobDone(`notify:contact-form:${written.body.id}`);
    await jobDone(`notify:comment:${commented.body.id}`);
    await jobDone(`notify:first-listen:${message}`);
    expect(mailsTo(owner.email)).toEqual([]);

    // "Now" is tomorrow: today's digest is due.
    const day = await server.running.services.notifications.scheduleDigest(new Date(Date.parse(`${today}T12:00:00Z`) + DAY_MS));
    expect(day).toBe(today);
    const digest = await smtp.waitFor((mail) => mail.to.includes(owner.email));
    expect(digest.subject).toBe(`Your Vocal digest for ${today}: 2 new things`);
    expect(digest.text).toContain('1 message through your contact form');
    expect(digest.text).toContain('> Can we talk on Monday?');
    expect(digest.text).toContain(`Grace (grace@example.com): "Pricing": ${server.running.url}/recordings`);
    expect(digest.text).toContain('1 message heard for the first time');
    expect(digest.text).toContain(`"Launch plan": ${server.running.url}/listen/${message}`);
    expect(digest.text).not.toContain('A comment the owner turned off');
    expect(digest.html).toContain('Can we talk on Monday?');
    // Its link stops notification mail altogether.
    const link = unsubscribeLink(digest);
    expect(link.token).toMatch(new RegExp(`^${owner.id}\\.all\\.`));
    expect(digest.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // Scheduled again (another process, the next sweep): the day is not mailed twice.
    await server.running.services.notifications.scheduleDigest(new Date(Date.parse(`${today}T18:00:00Z`) + DAY_MS));
    const [dayJob] = await jobDone(`notify-digest-day:${today}`);
    expect(dayJob?.attempts).toBe(1);
    await jobDone(`notify-digest:${today}:${owner.id}`);
    expect(mailsTo(owner.email)).toHaveLength(1);
  });

  it('GET transcriber names the engine to signed-in users, as /health does', async () => {
    const user = await server.signUp();
    const health = await server.call('GET', '/health');
    const engine = await server.call('GET', '/api/transcriber', { token: user.access });
    expect(engine.status).toBe(200);
    expect(engine.body).toEqual({ engine: health.body.transcriber === 'none' ? null : health.body.transcriber });
    expect((await server.call('GET', '/api/transcriber')).status).toBe(401);
  });
});
