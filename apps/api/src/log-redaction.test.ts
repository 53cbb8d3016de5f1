import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { redactPersonalData } from './log-redaction.ts';
import { createLogger } from './logger.ts';
import { backends } from '../test/harness/test-server.ts';
import { serverForSuite } from '../test/harness/suite-servers.ts';
import { shareCodeOf } from '../test/harness/visitor-helpers.ts';

describe('redactPersonalData', () => {
  it("cuts a failed query's values, even across lines, and masks email addresses", () => {
    const stack = [
      'Error: Failed query: insert into "recordings" ("email", "message") values ($1, $2)',
      'params: grace@example.com,Call me back',
      'about the "house", please',
      '    at PgDialect.run (drizzle.js:1:1)',
      '    at async send (visitor-service.ts:2:2)',
    ].join('\n');
    const redacted = redactPersonalData(stack);
    expect(redacted).toBe(
      [
        'Error: Failed query: insert into "recordings" ("email", "message") values ($1, $2)',
        'params: [redacted]',
        '    at PgDialect.run (drizzle.js:1:1)',
        '    at async send (visitor-service.ts:2:2)',
      ].join('\n'),
    );
    expect(redactPersonalData('Key (email)=(Grace.Hopper+x@Mail.Example.org) already exists. Mail to a@b.co sent')).toBe(
      'Key (email)=([redacted]) already exists. Mail to [email] sent',
    );
  });
});

describe.each(backends)('the log on a database error, on %s', (backend) => {
  const server = serverForSuite(backend);

  it("holds the request id and the failed statement, but not the visitor's address or message", async () => {
    const owner = await server.signUp();
    const code = await shareCodeOf(server, owner.access);
    // Every written message now fails in the database, as a full disk or a bad migration would.
    await server.running.services.db.execute(
      sql.raw('ALTER TABLE recordings ADD CONSTRAINT refuse_messages CHECK (message IS NULL) NOT VALID'),
    );
    const lines: string[] = [];
    const app = createApp(
      server.running.services,
      createLogger('error', (line) => lines.push(line)),
      { adminToken: randomUUID() },
    );
    try {
      const response = await app.request(`/api/contact-form/${code}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'grace.hopper@navy.example', name: 'Grace Hopper', message: 'My secret plan\nfor the compiler' }),
      });
      expect(response.status).toBe(500);
      const { msg } = (await response.json()) as { msg: string };
      const requestId = /reference ([\w-]+)/.exec(msg)?.[1];
      const log = lines.join('\n');
      expect(log).toContain(requestId);
      expect(log).toMatch(/insert into \W*recordings/i);
      expect(log).toContain('violates check constraint');
      for (const personal of ['grace.hopper', 'navy.example', 'Grace Hopper', 'secret plan', 'compiler']) {
        expect(log).not.toContain(personal);
      }
    } finally {
      await server.running.services.db.execute(sql.raw('ALTER TABLE recordings DROP CONSTRAINT refuse_messages'));
    }
  });
});
