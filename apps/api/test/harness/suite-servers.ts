import { startSmtpCapture, type SmtpCapture } from '@vocal/test-fixtures/smtp';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type Backend, type TestServer } from './test-server.ts';

/**
 * A server a describe block's tests share: started before its first test, closed after its
 * last. A describe body runs before any hook, so the server is handed out before it exists:
 * what is handed out reaches, on each use, the one started then. Servers start in the order
 * they are asked for and close the other way round (vitest's hooks stack), so an API server
 * asked for after a mail server never mails a closed one; a `beforeAll` registered after them
 * sees them started.
 */
function sharedBySuite<Server extends object>(start: () => Promise<Server>, close: (server: Server) => Promise<void>): Server {
  let started: Server | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(() => (started ? close(started) : undefined));
  return new Proxy({} as Server, {
    get(_target, property) {
      if (!started) throw new Error('A suite’s server is used before its beforeAll started it');
      const value: unknown = Reflect.get(started, property);
      // Its methods run on the started server itself (the mail capture's waitForMail calls this.waitFor).
      return typeof value === 'function' ? value.bind(started) : value;
    },
  });
}

/** The API server; `env` may be a function, for values known only once a server asked for before it has started (its URL). */
export const serverForSuite = (backend: Backend, env: Record<string, string> | (() => Record<string, string>) = {}): TestServer =>
  sharedBySuite(
    () => startTestServer(backend, typeof env === 'function' ? env() : env),
    (server) => server.close(),
  );

/** A mail server that keeps what it is sent, for the API server's SMTP_URL. */
export const smtpForSuite = (): SmtpCapture => sharedBySuite(startSmtpCapture, (smtp) => smtp.close());
