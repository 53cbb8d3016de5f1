import { describe, expect, it } from 'vitest';
import { envelopeUrlWithKey, parseSentryDsn, type SentryDsn } from './sentry-dsn.ts';
import { parseEnvelope, serializeEnvelope } from './sentry-envelope.ts';
import { newEventId, type SentryEvent } from './sentry-event.ts';
import { exceptionValues, framesFromStack } from './stack-frames.ts';

describe('parseSentryDsn', () => {
  it('takes a DSN apart into its key, project and envelope endpoint, keeping a path prefix', () => {
    expect(parseSentryDsn('https://abc123@o1.ingest.example.io/42')).toEqual({
      dsn: 'https://abc123@o1.ingest.example.io/42',
      publicKey: 'abc123',
      projectId: '42',
      origin: 'https://o1.ingest.example.io',
      envelopeUrl: 'https://o1.ingest.example.io/api/42/envelope/',
    });
    const prefixed = parseSentryDsn('http://key@127.0.0.1:9000/sentry/7') as SentryDsn;
    expect(prefixed.envelopeUrl).toBe('http://127.0.0.1:9000/sentry/api/7/envelope/');
    expect(envelopeUrlWithKey(prefixed)).toBe('http://127.0.0.1:9000/sentry/api/7/envelope/?sentry_key=key&sentry_version=7');
  });

  it.each([
    ['not a url', /must be a URL/],
    ['ftp://key@host/1', /https:\/\/ or http:\/\//],
    ['https://host/1', /public key/],
    ['https://key@host/', /numeric project id/],
    ['https://key@host/project', /numeric project id/],
    ['https://key@host/1?x=1', /query/],
  ])('refuses %s and says why', (dsn, problem) => {
    expect(parseSentryDsn(dsn)).toMatch(problem);
  });
});

describe('framesFromStack', () => {
  it('reads V8 and Gecko frames, oldest call first', () => {
    const stack = [
      'TypeError: x is undefined',
      '    at render (http://localhost/assets/app-1.js:10:5)',
      '    at async load (file:///srv/node_modules/lib/index.js:3:9)',
      '    at http://localhost/assets/app-1.js:1:1',
      'handler@http://localhost/assets/app-1.js:7:2',
    ].join('\n');
    const frames = framesFromStack(stack, (file) => !file.includes('node_modules'));
    expect(frames.map((frame) => [frame.function, frame.lineno, frame.in_app])).toEqual([
      ['handler', 7, true],
      [undefined, 1, true],
      ['load', 3, false],
      ['render', 10, true],
    ]);
  });

  it('follows an error back through its cause, the cause first', () => {
    const error = new Error('Saving failed', { cause: new RangeError('disk full') });
    const values = exceptionValues(error, { isInApp: () => true });
    expect(values.map((value) => `${value.type}: ${value.value}`)).toEqual(['RangeError: disk full', 'Error: Saving failed']);
    expect(values[1]!.stacktrace!.frames.length).toBeGreaterThan(0);
    expect(exceptionValues('plain text', { isInApp: () => true })).toEqual([{ type: 'Error', value: 'plain text' }]);
  });
});

describe('serializeEnvelope', () => {
  const dsn = parseSentryDsn('https://key@sink.example/5') as SentryDsn;
  const event = (overrides: Partial<SentryEvent> = {}): SentryEvent => ({
    event_id: newEventId(),
    timestamp: 1_700_000_000,
    platform: 'javascript',
    level: 'error',
    release: '12.4.10',
    environment: 'test',
    sdk: { name: 'vocal', version: '12.4.10' },
    ...overrides,
  });

  it('writes the header, the item header with its byte length, and the payload; parseEnvelope reads it back', () => {
    const payload = event({ message: { formatted: 'Ünïcode ✓ survives' } });
    const text = serializeEnvelope(dsn, { type: 'event', payload }, new Date('2026-01-02T03:04:05Z'));
    expect(text.split('\n')).toHaveLength(4);
    const parsed = parseEnvelope(new TextEncoder().encode(text));
    expect(parsed.header).toEqual({ event_id: payload.event_id, sent_at: '2026-01-02T03:04:05.000Z', dsn: dsn.dsn });
    expect(parsed.items).toEqual([
      {
        header: { type: 'event', content_type: 'application/json', length: expect.any(Number) },
        payload: expect.objectContaining(payload),
      },
    ]);
    expect(payload.event_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('masks emails and tokens, cuts values at 500 characters and keeps the newest 100 breadcrumbs', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlLXBhcnQ';
    const payload = event({
      message: { formatted: `grace@example.com sent Bearer abc.def and ${jwt} ${'x'.repeat(600)}` },
      breadcrumbs: {
        values: Array.from({ length: 130 }, (_, index) => ({ timestamp: index, category: 'navigation', message: `${index}` })),
      },
    });
    const text = serializeEnvelope(dsn, { type: 'event', payload });
    expect(text).not.toContain('grace@example.com');
    expect(text).not.toContain(jwt);
    expect(text).not.toContain('abc.def');
    const sent = parseEnvelope(new TextEncoder().encode(text)).items[0]!.payload as SentryEvent;
    expect(sent.message!.formatted).toMatch(/^\[email\] sent Bearer \[token\] and \[token\] x+…$/);
    expect(sent.message!.formatted).toHaveLength(500);
    expect(sent.breadcrumbs!.values.map((crumb) => crumb.message)).toEqual(Array.from({ length: 100 }, (_, index) => `${index + 30}`));
  });
});
