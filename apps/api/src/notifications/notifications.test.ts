import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema.ts';
import { parseMail } from '@vocal/test-fixtures/smtp';
import { embeddedBackend, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { serverForSuite, smtpForSuite } from '../../test/harness/suite-servers.ts';
import { waitFor } from '../../test/harness/upload-form.ts';
import { fromAddress, newAddress, ownerMessage, shareCodeOf, visitorRecording } from '../../test/harness/visitor-helpers.ts';

const HOSTILE = `<script>alert("x")</script> & <b>bold</b>`;

describe.each(embeddedBackend)('mail to owners about visitors, over SMTP, on %s', (backend) => {
  const smtp = smtpForSuite();
  const server = serverForSuite(backend, () => ({
    TRUST_PROXY: 'true',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Vocal Test <no-reply@vocal.test>',
    // A failed send is tried again at once, so the retry test need not wait.
    JOB_RETRY_BASE_SECONDS: '0',
  }));

  const mailTo = (email: string) => smtp.waitFor((mail) => mail.to.includes(email));
  const notifyJobs = () => server.running.services.db.select().from(jobs).where(like(jobs.key, 'notify:%'));

  it('a written contact-form message: who, the subject and the text, with Reply-To the sender', async () => {
    const owner = await server.signUp();
    const code = await shareCodeOf(server, owner.access);
    const sent = await server.call('POST', `/api/contact-form/${code}/messages`, {
      headers: fromAddress(newAddress()),
      json: { email: 'grace@example.com', name: 'Grace', subject: 'Pricing', message: `Can we talk?\n${HOSTILE}` },
    });
    expect(sent.status).toBe(201);
    const mail = await mailTo(owner.email);
    expect(mail.from).toBe('no-reply@vocal.test');
    expect(mail.headers.get('from')).toBe('Vocal Test <no-reply@vocal.test>');
    expect(mail.headers.get('reply-to')).toBe('grace@example.com');
    expect(mail.subject).toBe('New message from Grace (grace@example.com): Pricing');
    expect(mail.text).toContain('Grace (grace@example.com) sent you a message through your contact form.');
    expect(mail.text).toContain(`> Can we talk?\n> ${HOSTILE}`);
    expect(mail.html).toContain('Can we talk?\n&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#60;b&#62;bold&#60;/b&#62;');
    expect(mail.html).not.toContain('<script>');
  });

  it('a voice message through the contact form: the listen link', async () => {
    const owner = await server.signUp();
    const code = await shareCodeOf(server, owner.access);
    const id = await visitorRecording(
      server,
      `form:${code}`,
      { email: 'lin@example.com', name: HOSTILE, subject: 'Hello' },
      'contact-form',
    );
    const mail = await mailTo(owner.email);
    expect(mail.subject).toBe(`New voice message from ${HOSTILE} (lin@example.com): Hello`);
    expect(mail.text).toContain(`Listen to the voice message: ${server.running.url}/listen/${id}`);
    expect(mail.html).toContain(`href="${server.running.url}/listen/${id}"`);
    expect(mail.html).not.toContain('<b>bold');
  });

  it('a voice reply and a comment', async () => {
    const owner = await server.signUp();
    const original = await ownerMessage(server, owner.access, { subject: 'Team update' });
    const reply = await visitorRecording(server, `reply:${original}`, { name: 'Grace' });
    const replyMail = await smtp.waitFor((mail) => mail.to.includes(owner.email) && mail.subject.includes('replied'));
    expect(replyMail.subject).toBe('Grace replied to "Team update"');
    expect(replyMail.text).toContain(`Listen to the reply: ${server.running.url}/listen/${reply}`);
    expect(replyMail.text).toContain(`Your message: ${server.running.url}/listen/${original}`);

    await server.call('POST', `/api/comments/${original}`, { headers: fromAddress(newAddress()), json: { name: 'Lin', text: HOSTILE } });
    const commentMail = await smtp.waitFor((mail) => mail.to.includes(owner.email) && mail.subject.includes('commented'));
    expect(commentMail.subject).toBe('Lin commented on "Team update"');
    expect(commentMail.text).toContain(`> ${HOSTILE}`);
    expect(commentMail.html).toContain('&#60;script&#62;');
    expect(commentMail.html).not.toContain('<script>');
  });

  it('a voice message to a collection: who, the listen link, Reply-To the sender when they gave an address', async () => {
    const owner = await server.signUp();
    const code = await shareCodeOf(server, owner.access);
    const id = await visitorRecording(server, `collect:${code}`, { email: 'noor@example.com', name: HOSTILE, subject: 'For the podcast' });
    const mail = await mailTo(owner.email);
    expect(mail.subject).toBe(`New voice message for your collection from ${HOSTILE} (noor@example.com): For the podcast`);
    expect(mail.headers.get('reply-to')).toBe('noor@example.com');
    expect(mail.text).toContain(`sent you a voice message through your collection page.`);
    expect(mail.text).toContain(`Listen to the voice message: ${server.running.url}/listen/${id}`);
    expect(mail.html).toContain(`href="${server.running.url}/listen/${id}"`);
    expect(mail.html).not.toContain('<b>bold');

    // Without a name or an address: "Someone", and no Reply-To.
    const anonymous = await server.signUp();
    const anonymousCode = await shareCodeOf(server, anonymous.access);
    await visitorRecording(server, `collect:${anonymousCode}`);
    const anonymousMail = await mailTo(anonymous.email);
    expect(anonymousMail.subject).toBe('New voice message for your collection from Someone');
    expect(anonymousMail.headers.get('reply-to')).toBeUndefined();
  });

  it('nothing for the owner’s own comments, nor when their notifications are off', async () => {
    const owner = await server.signUp();
    const before = (await notifyJobs()).length;
    const original = await ownerMessage(server, owner.access);
    await server.call('POST', `/api/comments/${original}`, { token: owner.access, json: { text: 'Note to self' } });
    await server.call('POST', '/api/personalisation', { token: owner.access, json: { defaults: { notifications: false } } });
    await server.call('POST', `/api/comments/${original}`, { headers: fromAddress(newAddress()), json: { text: 'Unheard' } });
    const code = await shareCodeOf(server, owner.access);
    await server.call('POST', `/api/contact-form/${code}/messages`, {
      headers: fromAddress(newAddress()),
      json: { email: 'x@example.com', message: 'Hi' },
    });
    await visitorRecording(server, `reply:${original}`);
    await visitorRecording(server, `collect:${code}`, { email: 'quiet@example.com' });
    expect((await notifyJobs()).length).toBe(before);
    expect(smtp.messages.filter((mail) => mail.to.includes(owner.email))).toEqual([]);
  });

  it('a send the server refuses is retried by the queue until it goes through', async () => {
    const owner = await server.signUp();
    const code = await shareCodeOf(server, owner.access);
    smtp.failNext(1);
    const sent = await server.call('POST', `/api/contact-form/${code}/messages`, {
      headers: fromAddress(newAddress()),
      json: { email: 'retry@example.com', message: 'Second time lucky' },
    });
    await mailTo(owner.email);
    // The mail leaves inside the job; it is marked done just after, in its own transaction.
    const [job] = await waitFor(
      () =>
        server.running.services.db
          .select()
          .from(jobs)
          .where(eq(jobs.key, `notify:contact-form:${sent.body.id}`)),
      ([row]) => row?.state !== 'running',
    );
    expect(job).toMatchObject({ state: 'done', attempts: 2 });
    expect(job?.lastError).toBeNull();
  });
});

describe.each(embeddedBackend)('mail without an SMTP server on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { TRUST_PROXY: 'true' });
  });
  afterAll(() => server.close());

  it('lands in DATA_DIR/outbox as an .eml file', async () => {
    const owner = await server.signUp();
    const code = await shareCodeOf(server, owner.access);
    await server.call('POST', `/api/contact-form/${code}/messages`, {
      headers: fromAddress(newAddress()),
      json: { email: 'grace@example.com', subject: 'Outbox', message: 'Written to a file' },
    });
    const outbox = join(server.dataDir, 'outbox');
    const files = await waitFor(
      () => readdir(outbox).catch(() => [] as string[]),
      (names) => names.some((name) => name.endsWith('.eml')),
    );
    const mail = parseMail(
      await readFile(
        join(
          outbox,
          files.find((name) => name.endsWith('.eml'))!,
        ),
        'utf8',
      ),
    );
    expect(mail.headers.get('to')).toBe(owner.email);
    expect(mail.headers.get('from')).toBe('Vocal <no-reply@localhost>');
    expect(mail.subject).toBe('New message from grace@example.com: Outbox');
    expect(mail.text).toContain('> Written to a file');
  });
});
