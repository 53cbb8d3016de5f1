import { teamInviteMail } from './team-invite-mail.ts';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../logger.ts';
import { parseMail, startSmtpCapture } from '@vocal/test-fixtures/smtp';
import { createMailer, createSmtpMailer, defaultMailFrom } from './mailer.ts';
import { commentMail, contactFormMail, replyMail } from './notification-mails.ts';

const message = {
  to: 'owner@example.com',
  subject: 'New message from Grace',
  text: 'Hello there\nSecond line',
  html: '<p>Hello there</p>',
  replyTo: 'grace@example.com',
  link: 'http://localhost:3000/recordings',
};

function recordingLogger() {
  const lines: string[] = [];
  const write = (message: string) => void lines.push(message);
  const logger: Logger = { error: write, warn: write, info: write, debug: write };
  return { logger, lines };
}

describe('the mailer', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'vocal-outbox-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('without SMTP writes each message as an .eml file in the outbox and logs one line with its link', async () => {
    const { logger, lines } = recordingLogger();
    const mailer = createMailer({ smtpUrl: null, from: 'Vocal <no-reply@localhost>', outboxFolder: join(folder, 'outbox'), logger });
    expect(mailer.kind).toBe('outbox');
    await mailer.send(message);
    const files = await readdir(join(folder, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const mail = parseMail(await readFile(join(folder, 'outbox', files[0]!), 'utf8'));
    expect(mail.headers.get('to')).toBe('owner@example.com');
    expect(mail.headers.get('from')).toBe('Vocal <no-reply@localhost>');
    expect(mail.headers.get('reply-to')).toBe('grace@example.com');
    expect(mail.subject).toBe('New message from Grace');
    expect(mail.text.trim()).toBe('Hello there\nSecond line');
    expect(mail.html).toBe('<p>Hello there</p>');
    expect(lines).toEqual([`Mail to owner@example.com written to ${join(folder, 'outbox', files[0]!)}: http://localhost:3000/recordings`]);
    mailer.close();
  });

  it('with SMTP hands the message to the server', async () => {
    const smtp = await startSmtpCapture();
    try {
      const mailer = createSmtpMailer({ url: smtp.url, from: 'Vocal <no-reply@vocal.test>' });
      await mailer.send({
        ...message,
        subject: 'Ünïcode “quotes” — and a long subject that nodemailer must fold over more than one header line',
      });
      const mail = await smtp.waitFor(() => true);
      expect(mail.from).toBe('no-reply@vocal.test');
      expect(mail.to).toEqual(['owner@example.com']);
      expect(mail.subject).toBe('Ünïcode “quotes” — and a long subject that nodemailer must fold over more than one header line');
      expect(mail.text.trim()).toBe('Hello there\nSecond line');
      mailer.close();
    } finally {
      await smtp.close();
    }
  });

  it('fails the send when the server refuses, so the job retries', async () => {
    const smtp = await startSmtpCapture();
    try {
      smtp.failNext(1);
      const mailer = createSmtpMailer({ url: smtp.url, from: 'Vocal <no-reply@vocal.test>' });
      await expect(mailer.send(message)).rejects.toThrow(/451/);
      await mailer.send(message);
      expect(smtp.messages).toHaveLength(1);
      mailer.close();
    } finally {
      await smtp.close();
    }
  });

  it('the default From names the public host', () => {
    expect(defaultMailFrom('https://vocal.example.com:8443')).toBe('Vocal <no-reply@vocal.example.com>');
  });
});

describe('notification mails', () => {
  const hostile = `<script>alert("x")</script> & <b>bold</b>`;
  const links = { settingsUrl: 'https://vocal.example.com/settings', inboxUrl: 'https://vocal.example.com/recordings' };

  it('escape every user-set string in the HTML part and keep it as given in the text part', () => {
    const mails = [
      contactFormMail({
        ...links,
        sender: { name: hostile, email: 'eve@example.com' },
        subject: hostile,
        message: hostile,
        listenUrl: null,
      }),
      replyMail({
        ...links,
        senderName: hostile,
        originalSubject: hostile,
        replyUrl: 'https://vocal.example.com/listen/a?x="y"',
        originalUrl: 'https://vocal.example.com/listen/b',
      }),
      commentMail({ ...links, name: hostile, text: hostile, originalSubject: hostile, listenUrl: 'https://vocal.example.com/listen/b' }),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain('<b>bold');
      expect(mail.html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#60;b&#62;bold&#60;/b&#62;');
      expect(mail.text).toContain(hostile);
    }
    expect(mails[1]!.html).toContain('href="https://vocal.example.com/listen/a?x=&#34;y&#34;"');
  });

  it('keep line breaks out of the subject and shorten it', () => {
    const mail = commentMail({
      ...links,
      name: 'Eve\r\nBcc: victim@example.com',
      text: 'hi',
      originalSubject: 'x'.repeat(300),
      listenUrl: 'https://vocal.example.com/listen/b',
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject.length).toBeLessThanOrEqual(150);
    // The address in the name is shown as text, not as a link (name-in-mail.ts).
    expect(mail.subject.startsWith('Eve Bcc: victim@example\u2024com commented on "xxx')).toBe(true);
  });

  it('show names as names, never as links (issue 23, finding 5)', () => {
    const name = 'Click https://evil.example/login to verify';
    const mails = [
      contactFormMail({ ...links, sender: { name, email: 'eve@example.com' }, subject: null, message: 'hi', listenUrl: null }),
      replyMail({
        ...links,
        senderName: name,
        originalSubject: null,
        replyUrl: 'https://vocal.example.com/listen/a',
        originalUrl: 'https://vocal.example.com/listen/b',
      }),
      commentMail({ ...links, name, text: 'hi', originalSubject: null, listenUrl: 'https://vocal.example.com/listen/b' }),
      teamInviteMail({
        ownerName: name,
        ownerEmail: 'eve@example.com',
        joinUrl: 'https://vocal.example.com/join/x',
        settingsUrl: links.settingsUrl,
        validDays: 14,
      }),
      commentMail({
        ...links,
        name: 'Ada',
        text: 'hi',
        originalSubject: null,
        listenUrl: 'https://vocal.example.com/listen/b',
        recipient: { name: 'www.evil.example', avatarUrl: null },
      }),
    ];
    for (const mail of mails) {
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toMatch(/evil\.example/);
        expect(part).not.toMatch(/https:\/\/evil/);
      }
    }
    expect(mails[0]!.text).toContain('Click https: //evil\u2024example/login to verify (eve@example.com)');
    // Ordinary names are as they were.
    expect(
      replyMail({
        ...links,
        senderName: 'J. R. Tolkien',
        originalSubject: null,
        replyUrl: 'https://vocal.example.com/listen/a',
        originalUrl: 'https://vocal.example.com/listen/b',
      }).subject,
    ).toBe('J. R. Tolkien replied to your voice message');
  });

  it('say who wrote, about what, and where to see it', () => {
    const written = contactFormMail({
      ...links,
      sender: { name: 'Grace', email: 'grace@example.com' },
      subject: 'Pricing',
      message: 'Call me',
      listenUrl: null,
    });
    expect(written.subject).toBe('New message from Grace (grace@example.com): Pricing');
    expect(written.text).toContain('Grace (grace@example.com) sent you a message through your contact form.');
    expect(written.text).toContain('> Call me');
    expect(written.text).toContain('See it with your recordings: https://vocal.example.com/recordings');
    const voice = contactFormMail({
      ...links,
      sender: { name: null, email: 'lin@example.com' },
      subject: null,
      message: null,
      listenUrl: 'https://vocal.example.com/listen/abc123',
    });
    expect(voice.subject).toBe('New voice message from lin@example.com');
    expect(voice.text).toContain('Listen to the voice message: https://vocal.example.com/listen/abc123');
    const reply = replyMail({
      ...links,
      senderName: null,
      originalSubject: null,
      replyUrl: 'https://vocal.example.com/listen/r',
      originalUrl: 'https://vocal.example.com/listen/o',
    });
    expect(reply.subject).toBe('Someone replied to your voice message');
    expect(reply.text).toContain('Listen to the reply: https://vocal.example.com/listen/r');
  });
});
