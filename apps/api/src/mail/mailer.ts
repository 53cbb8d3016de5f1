import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where an answer goes: the visitor's address, when they gave one. */
  replyTo?: string | null;
  /** The page the mail is about, named in the outbox's log line. */
  link: string;
  /** Extra headers, such as List-Unsubscribe on notification mails. */
  headers?: Record<string, string>;
};

/** Sends mail; a rejection means it was not sent, and the caller's job tries again later. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

const envelope = (from: string, message: MailMessage) => ({
  from,
  to: message.to,
  subject: message.subject,
  text: message.text,
  html: message.html,
  ...(message.replyTo ? { replyTo: message.replyTo } : {}),
  ...(message.headers ? { headers: message.headers } : {}),
});

/** Mail through an SMTP server, e.g. smtps://user:password@smtp.example.com:465. */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail(envelope(options.from, message));
    },
    close: () => transport.close(),
  };
}

/**
 * Without an SMTP server each message becomes an .eml file in `folder` (any mail client opens
 * it) and a log line with its link, so the product works with nothing else running.
 */
export function createOutboxMailer(options: { folder: string; from: string; logger: Logger }): Mailer {
  // nodemailer builds the same MIME message it would send, into a buffer.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail(envelope(options.from, message));
      await mkdir(options.folder, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = join(options.folder, name);
      // Written beside it, then renamed: a reader of the folder never sees half a message.
      await writeFile(`${file}.partial`, info.message as Buffer);
      await rename(`${file}.partial`, file);
      options.logger.info(`Mail to ${message.to} written to ${file}: ${message.link}`);
    },
    close: () => transport.close(),
  };
}

/** The configured mailer: SMTP when SMTP_URL is set, else the outbox folder. */
export function createMailer(options: { smtpUrl: string | null; from: string; outboxFolder: string; logger: Logger }): Mailer {
  return options.smtpUrl
    ? createSmtpMailer({ url: options.smtpUrl, from: options.from })
    : createOutboxMailer({ folder: options.outboxFolder, from: options.from, logger: options.logger });
}

/** The From when MAIL_FROM is unset: Vocal <no-reply@{the public host}>. */
export function defaultMailFrom(publicUrl: string): string {
  return `Vocal <no-reply@${new URL(publicUrl).hostname}>`;
}
