import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as an SMTP server received it: the envelope, the decoded headers and both parts. */
export type CapturedMail = {
  from: string;
  to: string[];
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
  raw: string;
};

/** Quoted-printable (RFC 2045), or the Q encoding of headers (RFC 2047) with `underscores`. */
function decodeQuoted(text: string, underscores = false): string {
  const source = (underscores ? text.replace(/_/g, ' ') : text).replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < source.length; index++) {
    const hex = source.slice(index + 1, index + 3);
    if (source[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(source[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header value with its RFC 2047 encoded words decoded. */
function decodeHeader(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QB]\?[^?]*\?=)\s+(?==\?)/gi, '$1')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_word, _charset: string, encoding: string, encoded: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(encoded, 'base64').toString('utf8') : decodeQuoted(encoded, true),
    );
}

function readHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeHeader(line.slice(colon + 1).trim()));
  }
  return headers;
}

/** The text/plain and text/html parts of a MIME entity, decoded. */
function readParts(entity: string, found: { text: string; html: string }) {
  const split = entity.search(/\r?\n\r?\n/);
  const headers = readHeaders(split < 0 ? entity : entity.slice(0, split));
  const body = split < 0 ? '' : entity.slice(split).replace(/^\r?\n\r?\n/, '');
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      // The line break before a boundary belongs to the boundary (RFC 2046).
      readParts(part.replace(/^\r?\n/, '').replace(/\r?\n$/, ''), found);
    }
    return;
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const decoded =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuoted(body)
        : body;
  if (type.toLowerCase().startsWith('text/html')) found.html = decoded;
  else if (type.toLowerCase().startsWith('text/plain')) found.text = decoded;
}

export function parseMail(raw: string, envelope: { from: string; to: string[] } = { from: '', to: [] }): CapturedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = readHeaders(raw.slice(0, split));
  const parts = { text: '', html: '' };
  readParts(raw, parts);
  return {
    ...envelope,
    headers,
    subject: headers.get('subject') ?? '',
    text: parts.text.replace(/\r\n/g, '\n'),
    html: parts.html.replace(/\r\n/g, '\n'),
    raw,
  };
}

/** The raw message with quoted-printable soft breaks and escapes undone (UTF-8), headers and all, for matching. */
export function decodeMail(raw: string): string {
  return decodeQuoted(raw);
}

/**
 * A real SMTP server (smtp-server, from nodemailer's authors) on a free local port that keeps
 * what it receives: the product mails it when SMTP_URL points at it. The one mail catcher of
 * the API's tests and the browser tests. `failNext(n)` answers the next n recipients with a
 * temporary failure (451); `failRecipient(address)` answers only that address so, whatever
 * else the server is mailing meanwhile (queued notices of earlier tests, say). A recipient
 * whose address starts with `bounce-` does not exist (550), as a real server answers it.
 */
export async function startSmtpCapture() {
  const messages: CapturedMail[] = [];
  let failures = 0;
  const failingRecipients = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('bounce-')) {
        callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
        return;
      }
      if (failingRecipients.has(address.address.toLowerCase()) || failures > 0) {
        if (!failingRecipients.has(address.address.toLowerCase())) failures--;
        callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        };
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), envelope));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    failNext(count: number) {
      failures = count;
    },
    failRecipient(address: string) {
      failingRecipients.add(address.toLowerCase());
    },
    /** Waits for a message `accept` takes. */
    async waitFor(accept: (mail: CapturedMail) => boolean, timeoutMs = 600_000): Promise<CapturedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(accept);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No such mail arrived; got: ${messages.map((mail) => mail.subject).join(' | ')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    /** Waits for a mail to `to` whose decoded text (headers included) matches `pattern`. */
    waitForMail(to: string, pattern: RegExp, timeoutMs = 120_000): Promise<CapturedMail> {
      return this.waitFor((mail) => mail.to.includes(to) && pattern.test(decodeMail(mail.raw)), timeoutMs);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;
