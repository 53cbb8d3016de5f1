import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, users } from '../db/schema.ts';
import { loadConfig } from '../env.ts';
import { ADDRESS_CONFIRMATIONS_PER_ACCOUNT_PER_DAY } from '../http/api-limits.ts';
import { createEmailConfirmation, NOT_OPEN_YET } from './email-confirmation.ts';
import { embeddedBackend } from '../../test/harness/test-server.ts';
import { serverForSuite, smtpForSuite } from '../../test/harness/suite-servers.ts';
import { waitFor } from '../../test/harness/upload-form.ts';
import {
  fromAddress,
  newAddress,
  ownerMessage,
  reserveAsVisitor,
  shareCodeOf,
  visitorRecording,
} from '../../test/harness/visitor-helpers.ts';

let counter = 0;
/** Parts a link maker never touches: it neither mails nor queues. */
const unused = new Proxy(
  {},
  {
    get: () => {
      throw new Error('not used to make a link');
    },
  },
) as never;
const newEmail = () => `confirm-${++counter}-${Date.now()}@example.com`;

/**
 * Issue 23, finding 5: anyone can sign up with someone else's address. Until the address is
 * proven, the server mails it nothing but the confirmation, and its contact form and collect
 * page stay closed, so a stranger cannot make the server mail their words to it.
 */
describe.each(embeddedBackend)('confirming a new account’s address, over SMTP, on %s', (backend) => {
  const smtp = smtpForSuite();
  // EMAIL_CONFIRMATION's default (auto): required because SMTP_URL is set.
  const server = serverForSuite(backend, () => ({ SMTP_URL: smtp.url, EMAIL_CONFIRMATION: 'auto', TRUST_PROXY: 'true' }));

  const mailsTo = (email: string) => smtp.messages.filter((mail) => mail.to.includes(email));
  const account = async (token: string) => (await server.call('GET', '/api/account', { token })).body;
  const linkIn = (text: string) => {
    const link = /(http:\/\/\S+\/api\/account\/email\/verify\?token=\S+)/.exec(text)?.[1];
    if (!link) throw new Error(`No confirmation link in: ${text}`);
    return new URL(link);
  };
  /** Opens a link as a mail client would, stopping at the redirect to see where it leads. */
  const follow = async (link: URL) => {
    const response = await fetch(`${server.url}${link.pathname}${link.search}`, { redirect: 'manual' });
    return { status: response.status, headers: response.headers };
  };

  /** A stranger's account with someone else's address, as finding 5 made one. */
  async function strangerSignsUp(email = newEmail()) {
    const reply = await server.call('POST', '/api/signup', {
      json: { email, password: 'correct horse battery', name: 'Click https://evil.example/login to verify' },
    });
    expect(reply.status).toBe(201);
    const confirmation = await smtp.waitFor((mail) => mail.to.includes(email));
    return { email, access: reply.body.access_token as string, confirmation };
  }

  it('a sign-up gets one mail, the confirmation, which names no one and quotes nothing the account chose', async () => {
    const { email, access, confirmation } = await strangerSignsUp();
    expect(confirmation.subject).toBe('Confirm your email address for Vocal');
    expect(confirmation.text).toContain(email);
    expect(`${confirmation.text}${confirmation.html}`).not.toContain('evil');
    expect((await account(access)).emailConfirmed).toBe(false);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('until then the contact form and collect page are closed, with a 403 that says why, and nothing is stored', async () => {
    const { access } = await strangerSignsUp();
    const code = await shareCodeOf(server, access);
    const form = await server.call('GET', `/api/contact-form/${code}`);
    expect(form).toMatchObject({ status: 403, body: { msg: NOT_OPEN_YET.form } });
    const collect = await server.call('GET', `/api/collect/${code}`);
    expect(collect).toMatchObject({ status: 403, body: { msg: NOT_OPEN_YET.collect } });
    const written = await server.call('POST', `/api/contact-form/${code}/messages`, {
      headers: fromAddress(newAddress()),
      json: { email: 'visitor@example.com', message: 'Hello' },
    });
    expect(written).toMatchObject({ status: 403, body: { msg: NOT_OPEN_YET.form } });
    for (const [target, msg] of [
      [`form:${code}`, NOT_OPEN_YET.form],
      [`collect:${code}`, NOT_OPEN_YET.collect],
    ] as const) {
      const reserved = await reserveAsVisitor(server, target);
      expect(reserved).toMatchObject({ status: 403, body: { msg } });
    }
    const inbox = await server.call('GET', '/api/inbox', { token: access });
    expect(inbox.body.items ?? inbox.body).toHaveLength(0);
  });

  it('a reply to an unconfirmed owner’s message is kept, but no notification is mailed', async () => {
    const { email, access } = await strangerSignsUp();
    const message = await ownerMessage(server, access);
    await visitorRecording(server, `reply:${message}`);
    const notifyJobs = () => server.running.services.db.select().from(jobs).where(like(jobs.key, `notify:%`));
    await waitFor(notifyJobs, (rows) => rows.length > 0 && rows.every((row) => row.state === 'done'));
    expect(mailsTo(email).map((mail) => mail.subject)).toEqual(['Confirm your email address for Vocal']);
  });

  it('an unconfirmed owner cannot have mail sent in their name: answers by email and team invites are refused', async () => {
    const { email, access } = await strangerSignsUp();
    await server.running.services.admin.setPlan({ email, plan: 'pro' });
    const invite = await server.call('POST', '/api/invite', { token: access, json: { email: newEmail() } });
    expect(invite.status).toBe(403);
    expect(invite.body.msg).toMatch(/Confirm your email address/);
    const message = await ownerMessage(server, access);
    const reply = await visitorRecording(server, `reply:${message}`, { email: 'visitor@example.com' });
    const answer = await server.call('POST', '/api/inbox/answers', { token: access, json: { messageId: reply, text: 'Thanks' } });
    expect(answer.status).toBe(403);
    expect(answer.body.msg).toMatch(/Confirm your email address/);
    expect(mailsTo('visitor@example.com')).toEqual([]);
  });

  it('the mailed link confirms the address, once or twice, and then the form opens and notifications go', async () => {
    const { email, access, confirmation } = await strangerSignsUp();
    const link = linkIn(confirmation.text);
    const opened = await follow(link);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toMatch(/\/settings\?address=verified$/);
    expect((await follow(link)).headers.get('location')).toMatch(/\?address=verified$/);
    expect((await account(access)).emailConfirmed).toBe(true);

    const code = await shareCodeOf(server, access);
    expect((await server.call('GET', `/api/contact-form/${code}`)).status).toBe(200);
    const written = await server.call('POST', `/api/contact-form/${code}/messages`, {
      headers: fromAddress(newAddress()),
      json: { email: 'visitor@example.com', message: 'Hello' },
    });
    expect(written.status).toBe(201);
    const notification = await smtp.waitFor((mail) => mail.to.includes(email) && mail.subject !== confirmation.subject);
    expect(notification.text).toContain('Hello');
    // Asking again for a confirmed address: a clear refusal, no mail.
    const again = await server.call('POST', '/api/account/email/confirmation', { token: access });
    expect(again).toMatchObject({ status: 409, body: { msg: 'Your email address is already confirmed' } });
  });

  it('a forged, altered or expired link, or one for an address the account has left, confirms nothing', async () => {
    const { email, access, confirmation } = await strangerSignsUp();
    const link = linkIn(confirmation.text);
    const [id, expires, signature] = link.searchParams.get('token')!.split('.');
    const variants = [
      'not-a-token',
      `${Number(id) + 1}.${expires}.${signature}`,
      `${id}.${Number(expires) + 1}.${signature}`,
      `${id}.${expires}.${signature!.slice(0, -2)}AA`,
    ];
    for (const token of variants) {
      const reply = await follow(new URL(`/api/account/email/verify?token=${encodeURIComponent(token)}`, server.url));
      expect(reply.headers.get('location')).toMatch(/\?address=invalid$/);
    }
    // Made by the server itself for a time that has passed: refused for its age alone.
    const past = new Date(Date.now() - 8 * 86_400_000);
    const { db, config } = server.running.services;
    const lastWeek = createEmailConfirmation({ db, config, mailer: unused, queue: unused, wake() {}, now: () => past });
    const [row] = await server.running.services.db.select().from(users).where(eq(users.email, email));
    expect((await follow(new URL(await lastWeek.linkFor(row!)))).headers.get('location')).toMatch(/\?address=invalid$/);
    // The account moves to another address before the link is opened: it proves nothing now.
    await server.running.services.db.update(users).set({ email: newEmail() }).where(eq(users.email, email));
    expect((await follow(link)).headers.get('location')).toMatch(/\?address=invalid$/);
    expect((await account(access)).emailConfirmed).toBe(false);
  });

  it('"Send the link again" mails a fresh link, three times a day for one address', async () => {
    const { email, access } = await strangerSignsUp();
    for (let ask = 0; ask < 3; ask++) {
      expect((await server.call('POST', '/api/account/email/confirmation', { token: access })).status).toBe(202);
    }
    // The per-address count, shared with email changes, stops it before the account's own (ADDRESS_CONFIRMATIONS_PER_ACCOUNT_PER_DAY).
    const fourth = await server.call('POST', '/api/account/email/confirmation', { token: access });
    expect(fourth.status).toBe(429);
    expect(fourth.body.msg).toMatch(/confirmation mails to that address/);
    expect(ADDRESS_CONFIRMATIONS_PER_ACCOUNT_PER_DAY).toBeGreaterThan(3);
    await waitFor(
      async () => mailsTo(email).length,
      (sent) => sent === 4,
    );
    const newest = mailsTo(email).at(-1)!;
    expect((await follow(linkIn(newest.text))).headers.get('location')).toMatch(/\?address=verified$/);
    expect((await account(access)).emailConfirmed).toBe(true);
  });

  it('opening a password reset link proves the address too', async () => {
    const { email, access } = await strangerSignsUp();
    await server.call('POST', '/api/password/forgot', { json: { email } });
    const reset = await smtp.waitFor((mail) => mail.to.includes(email) && /reset/i.test(mail.subject));
    const token = /\/reset-password#token=([\w-]+)/.exec(reset.text)?.[1];
    const done = await server.call('POST', '/api/password/reset', { json: { token, password: 'a brand new passphrase' } });
    expect(done.status).toBe(200);
    const signedIn = await server.call('POST', '/api/signin', { json: { email, password: 'a brand new passphrase' } });
    expect((await account(signedIn.body.access_token)).emailConfirmed).toBe(true);
    expect(access).toBeTruthy();
  });
});

describe('EMAIL_CONFIRMATION', () => {
  const base = { DATA_DIR: '/tmp/vocal-config-test', JWT_SECRET: 'x'.repeat(40) };
  it('auto (the default) asks for confirmation only when mail really goes out (SMTP_URL)', () => {
    expect(loadConfig(base).mail.confirmAddresses).toBe(false);
    expect(loadConfig({ ...base, SMTP_URL: 'smtp://127.0.0.1:2525' }).mail.confirmAddresses).toBe(true);
    expect(loadConfig({ ...base, EMAIL_CONFIRMATION: 'required' }).mail.confirmAddresses).toBe(true);
    expect(loadConfig({ ...base, SMTP_URL: 'smtp://127.0.0.1:2525', EMAIL_CONFIRMATION: 'off' }).mail.confirmAddresses).toBe(false);
  });
  it('refuses a value it does not know, saying which', () => {
    expect(() => loadConfig({ ...base, EMAIL_CONFIRMATION: 'maybe' })).toThrow(/EMAIL_CONFIRMATION/);
  });
});
