import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on a free port that keeps what it receives: the product sends its mail
 * here through nodemailer when SMTP_URL points at it. Recipients whose address starts with
 * `bounce-` are refused (550), for the paths where a mail cannot be sent.
 */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // A mailbox that does not exist, as a real server answers it: the product's send fails.
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('bounce-')) return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Waits for a mail to `to` whose raw text matches `pattern`. */
    async waitFor(to: string, pattern: RegExp, timeoutMs = 120_000): Promise<ReceivedMail> {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find((candidate) => candidate.to.includes(to) && pattern.test(decodeMail(candidate.raw)));
        if (mail) return mail;
        if (Date.now() > until) throw new Error(`No mail to ${to} matching ${pattern} (got ${received.length})`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The mail's text with quoted-printable soft breaks and escapes undone, for matching. */
export function decodeMail(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
