import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { payloadOf, startErrorReportSink, type ErrorReportSink } from '@vocal/e2e';
import { APP_VERSION, parseSentryDsn, type SentryDsn, type SentryEvent, type SentryFeedbackEvent } from '@vocal/settings-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { embeddedBackend, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';
import { createErrorReporter } from './error-reporter.ts';

const REFUSE_FEEDBACK = 'ALTER TABLE feedback ADD CONSTRAINT refuse_feedback CHECK (comments IS NULL) NOT VALID';
const ALLOW_FEEDBACK = 'ALTER TABLE feedback DROP CONSTRAINT refuse_feedback';

/** Every feedback insert fails in the database, as a full disk or a bad migration would: a real 500. */
async function withFailingFeedback<T>(server: TestServer, work: () => Promise<T>): Promise<T> {
  await server.running.services.db.execute(sql.raw(REFUSE_FEEDBACK));
  try {
    return await work();
  } finally {
    await server.running.services.db.execute(sql.raw(ALLOW_FEEDBACK));
  }
}

describe.each(embeddedBackend)('error reporting with ERROR_REPORTING_DSN set, on %s', (backend) => {
  let sink: ErrorReportSink;
  let server: TestServer;
  beforeAll(async () => {
    sink = await startErrorReportSink();
    server = await startTestServer(backend, { ERROR_REPORTING_DSN: sink.dsn, ERROR_REPORTING_ENVIRONMENT: 'test' });
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  it('sends a server 500 as one well-formed envelope: release, environment, user id, route, stack; no email, token or body', async () => {
    const user = await server.signUp();
    const marker = `Nothing of this text may leave ${Date.now()}`;
    const reply = await withFailingFeedback(server, () =>
      server.call('POST', '/api/feedback?secret=query-value', {
        token: user.access,
        headers: { cookie: 'session=cookie-value' },
        json: { comments: marker, email: user.email, name: 'Grace Hopper' },
      }),
    );
    expect(reply.status).toBe(500);
    const requestId = /reference ([\w-]+)/.exec(reply.body.msg)![1]!;

    const envelope = await sink.waitFor((received) => received.raw.includes(requestId));
    expect(sink.problems).toEqual([]);
    expect(sink.envelopes.filter((received) => received.raw.includes(requestId))).toHaveLength(1);
    expect(envelope.key).toBe('sinkkey');
    const event = payloadOf<SentryEvent>(envelope, 'event', sink.dsn);
    expect(event).toMatchObject({
      level: 'error',
      platform: 'node',
      release: APP_VERSION,
      environment: 'test',
      user: { id: String(user.id) },
      request: { method: 'POST', url: `${server.url.replace('127.0.0.1', 'localhost')}/api/feedback` },
      transaction: 'POST /api/feedback',
      tags: { request_id: requestId },
    });
    expect(Object.keys(event.user!)).toEqual(['id']);
    expect(Object.keys(event.request!).sort()).toEqual(['method', 'url']);
    const exception = event.exception!.values.at(-1)!;
    expect(exception.value).toMatch(/insert into "feedback"/i);
    const frames = exception.stacktrace!.frames;
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.some((frame) => frame.in_app && /feedback-service\.ts$/.test(frame.filename ?? ''))).toBe(true);

    for (const secret of [user.email, user.access, user.refresh, marker, 'Grace Hopper', 'query-value', 'cookie-value', 'Bearer']) {
      expect(envelope.raw).not.toContain(secret);
    }
  });

  it('gives the web app the DSN and lets its pages connect to the DSN’s origin', async () => {
    const config = await server.call('GET', '/api/error-reporting');
    expect(config.body).toEqual({ dsn: sink.dsn, environment: 'test' });
    const page = await server.call('GET', '/recordings');
    expect(page.headers.get('content-security-policy')).toMatch(new RegExp(`connect-src 'self'[^;]* ${sink.origin}(;|$)`));
  });

  it('attaches a report-issue text to the event id it names, with the name but without the email', async () => {
    const user = await server.signUp();
    const eventId = 'a'.repeat(32);
    const comments = `The player stopped after a minute ${Date.now()}`;
    const reply = await server.call('POST', '/api/feedback', {
      token: user.access,
      json: { comments, email: user.email, name: 'Ada', eventId, url: 'http://localhost/recordings' },
    });
    expect(reply.status).toBe(201);
    const envelope = await sink.waitFor((received) => received.raw.includes(comments));
    const feedback = payloadOf<SentryFeedbackEvent>(envelope, 'feedback', sink.dsn);
    expect(feedback).toMatchObject({
      release: APP_VERSION,
      user: { id: String(user.id) },
      contexts: { feedback: { message: comments, name: 'Ada', associated_event_id: eventId } },
    });
    expect(envelope.raw).not.toContain(user.email);
    expect(envelope.raw).not.toContain(user.access);
  });
});

describe.each(embeddedBackend)('error reporting without ERROR_REPORTING_DSN, on %s', (backend) => {
  const server = serverForSuite(backend);

  it('is off: the page is told so, its policy names no other origin, and a 500 is only logged', async () => {
    expect(server.running.services.errorReporter.enabled).toBe(false);
    expect((await server.call('GET', '/api/error-reporting')).body).toEqual({ dsn: null, environment: 'production' });
    const page = await server.call('GET', '/recordings');
    expect(page.headers.get('content-security-policy')).toMatch(/connect-src 'self' http:\/\/localhost:\d+;/);
    const user = await server.signUp();
    const reply = await withFailingFeedback(server, () =>
      server.call('POST', '/api/feedback', { token: user.access, json: { comments: 'This report fails to be kept.' } }),
    );
    expect(reply.status).toBe(500);
  });
});

describe('createErrorReporter', () => {
  const failure = new Error('boom');
  const request = { method: 'GET', route: '/api/account', requestId: 'request-1', userId: 7 };

  it('without a DSN builds and sends nothing', () => {
    const sent: unknown[] = [];
    const reporter = createErrorReporter({
      dsn: null,
      environment: 'test',
      publicUrl: 'http://localhost',
      logger: createLogger('silent'),
      fetch: async (...call) => {
        sent.push(call);
        return new Response();
      },
    });
    expect(reporter.captureRequestError(failure, request)).toBeNull();
    reporter.sendIssueReport({ comments: 'Long enough text', name: null, eventId: null, userId: 7 });
    expect(sent).toEqual([]);
  });

  it('answers before the service does, and a service that is down is only logged', async () => {
    // A service that takes the request and never answers: the caller still has its event id.
    const held: IncomingMessage[] = [];
    let arrived!: () => void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    const hanging = createServer((incoming) => {
      held.push(incoming);
      arrived();
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const port = (hanging.address() as AddressInfo).port;
    const lines: string[] = [];
    let logged!: () => void;
    const failureLogged = new Promise<void>((resolve) => (logged = resolve));
    const logger = createLogger('warn', (line) => {
      lines.push(line);
      logged();
    });
    const reporter = createErrorReporter({
      dsn: parseSentryDsn(`http://key@127.0.0.1:${port}/1`) as SentryDsn,
      environment: 'test',
      publicUrl: 'http://localhost',
      logger,
    });
    const eventId = reporter.captureRequestError(failure, request);
    expect(eventId).toMatch(/^[0-9a-f]{32}$/);
    await arrival;
    expect(lines).toEqual([]);

    // Now the service goes away mid-request: the reporter logs it and throws nothing.
    hanging.closeAllConnections();
    await failureLogged;
    expect(lines.join('\n')).toContain('Could not send an error report');
    expect(lines.join('\n')).toContain(eventId);
    await new Promise<void>((resolve) => hanging.close(() => resolve()));
    expect(held).toHaveLength(1);
  });
});
