import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { startFakeOpenAi, verboseJson } from '@vocal/e2e';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WEBHOOKS } from '@vocal/settings-model';
import { webhooks as webhookRows } from '../db/schema.ts';
import { isPrivateAddress, PRIVATE_ADDRESS_REFUSED } from './webhook-address.ts';
import { embeddedBackend, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';
import { waitFor } from '../../test/harness/upload-form.ts';
import { fromAddress, newAddress, ownerMessage, shareCodeOf, visitorRecording } from '../../test/harness/visitor-helpers.ts';
import { speechApiEnv } from '../../test/harness/speech-api-env.ts';

type Received = { headers: IncomingHttpHeaders; body: string };

/** A receiver on this machine: keeps every delivery, and fails the first `failures` with 500. */
async function startReceiver() {
  const received: Received[] = [];
  let failures = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (failures > 0) {
        failures--;
        response.writeHead(500).end('not yet');
      } else {
        response.writeHead(204).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return {
    url,
    received,
    failNext: (count: number) => void (failures = count),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Issue 29, part 2: signed webhooks, delivered through the job queue with retries, logged. */
describe.each(embeddedBackend)('webhooks on %s', (backend) => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let speech: Awaited<ReturnType<typeof startFakeOpenAi>>;
  beforeAll(async () => {
    receiver = await startReceiver();
    // A speech API answering as OpenAI's does, for Pro owners' transcripts (transcript.completed).
    speech = await startFakeOpenAi();
    speech.fallback('transcriptions', { kind: 'answer', body: verboseJson('Here is the plan for the quarter.') });
    // The receiver is on loopback: this server allows it, as an operator with an internal receiver would.
    server = await startTestServer(backend, {
      WEBHOOK_ALLOW_PRIVATE: 'true',
      JOB_RETRY_BASE_SECONDS: '0',
      TRUST_PROXY: 'true',
      ...speechApiEnv(speech.url, 'whisper-1'),
    });
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
    await speech.close();
  });

  const add = (token: string, json: unknown) => server.call('POST', '/api/webhooks', { token, json });
  const verified = (secret: string, delivery: Received) =>
    new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>) as {
      type: string;
      data: Record<string, unknown>;
    };
  const deliveriesOf = (webhookId: string, type: string) =>
    receiver.received.filter((delivery) => {
      const body = JSON.parse(delivery.body) as { type: string; data: { webhookId?: string } };
      return body.type === type && (type !== 'webhook.test' || body.data.webhookId === webhookId);
    });

  it('adds a webhook (secret shown once), lists it without the secret, and a test event arrives signed', async () => {
    const person = await server.signUp();
    const made = await add(person.access, { url: receiver.url, events: ['message.created', 'message.created', 'reply.created'] });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({
      id: expect.any(String),
      url: receiver.url,
      events: ['message.created', 'reply.created'],
      secret: expect.stringMatching(/^whsec_/),
    });
    const listed = await server.call('GET', '/api/webhooks', { token: person.access });
    expect(JSON.stringify(listed.body)).not.toContain(made.body.secret);

    expect((await server.call('POST', `/api/webhooks/${made.body.id}/test`, { token: person.access })).status).toBe(202);
    await waitFor(
      async () => deliveriesOf(made.body.id, 'webhook.test'),
      (found) => found.length === 1,
    );
    const delivery = deliveriesOf(made.body.id, 'webhook.test')[0]!;
    expect(delivery.headers['webhook-id']).toMatch(/^evt_/);
    expect(delivery.headers['webhook-signature']).toMatch(/^v1,/);
    expect(verified(made.body.secret, delivery)).toMatchObject({ type: 'webhook.test', data: { webhookId: made.body.id } });
    // Another secret does not verify it: the signature is real.
    expect(() => verified(`whsec_${Buffer.from('another secret entirely').toString('base64')}`, delivery)).toThrow();
    const log = await waitFor(
      async () => (await server.call('GET', '/api/webhooks', { token: person.access })).body.webhooks[0].deliveries,
      (tries: unknown[]) => tries.length === 1,
    );
    expect(log[0]).toMatchObject({ type: 'webhook.test', attempt: 1, status: 204, error: null });
  });

  it('retries with backoff when the receiver fails twice, logging each try', async () => {
    const person = await server.signUp();
    const made = await add(person.access, { url: receiver.url, events: ['message.created'] });
    receiver.failNext(2);
    await server.call('POST', `/api/webhooks/${made.body.id}/test`, { token: person.access });
    const log = await waitFor(
      async () => (await server.call('GET', '/api/webhooks', { token: person.access })).body.webhooks[0].deliveries,
      (tries: { status: number; attempt: number }[]) => tries.some((entry) => entry.status === 204),
    );
    expect(log.map((entry: { attempt: number; status: number }) => [entry.attempt, entry.status])).toEqual([
      [3, 204],
      [2, 500],
      [1, 500],
    ]);
    const tries = deliveriesOf(made.body.id, 'webhook.test');
    expect(new Set(tries.map((entry) => entry.headers['webhook-id'])).size).toBe(1);
  });

  it('tells each event to the webhooks that hear it: a message, a reply, a comment, a written contact message, a first listen', async () => {
    const person = await server.signUp();
    const made = await add(person.access, {
      url: receiver.url,
      events: ['message.created', 'reply.created', 'comment.created', 'contact.received', 'message.first_listen'],
    });
    const secret = made.body.secret as string;
    const mine = (type: string) =>
      receiver.received.filter((delivery) => {
        try {
          return verified(secret, delivery).type === type;
        } catch {
          return false;
        }
      });
    const message = await ownerMessage(server, person.access, { subject: 'Quarterly plan' });
    await visitorRecording(server, `reply:${message}`, { name: 'Grace' });
    await server.call('POST', `/api/comments/${message}`, { headers: fromAddress(newAddress()), json: { text: 'Nice one' } });
    const code = await shareCodeOf(server, person.access);
    await server.call('POST', `/api/contact-form/${code}/messages`, {
      headers: fromAddress(newAddress()),
      json: { email: 'grace@example.com', name: 'Grace', message: 'Can we talk?' },
    });
    await server.call('GET', `/api/track/view-vocal/${message}`, { headers: fromAddress(newAddress()) });
    for (const type of ['message.created', 'reply.created', 'comment.created', 'contact.received', 'message.first_listen']) {
      await waitFor(
        async () => mine(type),
        (found) => found.length === 1,
      );
    }
    expect(verified(secret, mine('message.created')[0]!).data).toMatchObject({
      id: message,
      subject: 'Quarterly plan',
      url: expect.stringContaining(`/listen/${message}`),
    });
    expect(verified(secret, mine('reply.created')[0]!).data).toMatchObject({ replyTo: message, sender: { name: 'Grace' } });
    expect(verified(secret, mine('comment.created')[0]!).data).toMatchObject({ messageId: message, text: 'Nice one' });
    expect(verified(secret, mine('contact.received')[0]!).data).toMatchObject({
      kind: 'written',
      message: 'Can we talk?',
      sender: { email: 'grace@example.com' },
    });
    expect(verified(secret, mine('message.first_listen')[0]!).data).toEqual({ id: message });
  });

  it('tells transcript.completed with the words when a Pro owner’s transcript is ready', async () => {
    const person = await server.signUp();
    await server.running.services.admin.setPlan({ email: person.email, plan: 'pro' });
    const made = await add(person.access, { url: receiver.url, events: ['transcript.completed'] });
    const message = await ownerMessage(server, person.access);
    const mine = () =>
      receiver.received.filter((delivery) => {
        try {
          return verified(made.body.secret, delivery).type === 'transcript.completed';
        } catch {
          return false;
        }
      });
    await waitFor(
      async () => mine(),
      (found) => found.length === 1,
    );
    const data = verified(made.body.secret, mine()[0]!).data;
    expect(data.id).toBe(message);
    expect(JSON.stringify(data.transcription)).toContain('plan for the quarter');
  });

  it('takes the status as the answer: a receiver that trickles its body forever does not hold the delivery', async () => {
    const trickling = createServer((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'text/plain' });
      const drip = setInterval(() => response.write('.'), 50);
      response.on('close', () => clearInterval(drip));
    });
    await new Promise<void>((resolve) => trickling.listen(0, '127.0.0.1', resolve));
    try {
      const person = await server.signUp();
      const url = `http://127.0.0.1:${(trickling.address() as AddressInfo).port}/slow`;
      const made = await add(person.access, { url, events: ['message.created'] });
      await server.call('POST', `/api/webhooks/${made.body.id}/test`, { token: person.access });
      const log = await waitFor(
        async () => (await server.call('GET', '/api/webhooks', { token: person.access })).body.webhooks[0].deliveries,
        (tries: unknown[]) => tries.length === 1,
      );
      expect(log[0]).toMatchObject({ attempt: 1, status: 200, error: null });
    } finally {
      trickling.closeAllConnections();
      await new Promise<void>((resolve) => trickling.close(() => resolve()));
    }
  });

  it('a webhook hears only its own account’s events, and another person can neither see, test nor remove it', async () => {
    const owner = await server.signUp();
    const stranger = await server.signUp();
    const made = await add(owner.access, { url: receiver.url, events: ['message.created'] });
    expect((await server.call('GET', '/api/webhooks', { token: stranger.access })).body.webhooks).toEqual([]);
    for (const [method, path] of [
      ['POST', `/api/webhooks/${made.body.id}/test`],
      ['DELETE', `/api/webhooks/${made.body.id}`],
    ] as const) {
      expect(await server.call(method, path, { token: stranger.access })).toMatchObject({
        status: 404,
        body: { msg: 'You have no webhook with this id' },
      });
    }
    const before = receiver.received.length;
    const strangers = await ownerMessage(server, stranger.access);
    const ownerMessageId = await ownerMessage(server, owner.access);
    await waitFor(
      async () => receiver.received.filter((delivery) => delivery.body.includes(ownerMessageId)),
      (found) => found.length === 1,
    );
    expect(receiver.received.slice(before).some((delivery) => delivery.body.includes(strangers))).toBe(false);
    expect((await server.call('DELETE', `/api/webhooks/${made.body.id}`, { token: owner.access })).status).toBe(200);
    expect((await server.call('GET', '/api/webhooks', { token: owner.access })).body.webhooks).toEqual([]);
  });

  it('refuses bad input with what is wrong, and stores nothing', async () => {
    const person = await server.signUp();
    const bad: [unknown, RegExp][] = [
      [{ url: 'ftp://example.com/hook', events: ['message.created'] }, /url/],
      [{ url: 'not a url', events: ['message.created'] }, /url/],
      [{ url: 'https://user:pass@example.com/hook', events: ['message.created'] }, /user name or password/],
      [{ url: receiver.url, events: [] }, /Choose at least one event/],
      [{ url: receiver.url, events: ['message.deleted'] }, /must be one of/],
      [{ url: 'https://no-such-name.invalid/hook', events: ['message.created'] }, /does not resolve/],
    ];
    for (const [json, message] of bad) {
      const reply = await add(person.access, json);
      expect(reply.status, JSON.stringify(json)).toBe(400);
      expect(reply.body.msg).toMatch(message);
    }
    expect((await server.call('GET', '/api/webhooks', { token: person.access })).body.webhooks).toEqual([]);
  });

  it(`holds at most ${MAX_WEBHOOKS} webhooks per account`, async () => {
    const person = await server.signUp();
    await server.running.services.db.insert(webhookRows).values(
      Array.from({ length: MAX_WEBHOOKS }, () => ({
        userId: person.id,
        url: receiver.url,
        events: ['message.created' as const],
        secret: 'whsec_AAAA',
      })),
    );
    const reply = await add(person.access, { url: receiver.url, events: ['message.created'] });
    expect(reply.status).toBe(409);
  });
});

describe.each(embeddedBackend)('webhooks to private addresses, without WEBHOOK_ALLOW_PRIVATE, on %s', (backend) => {
  const server = serverForSuite(backend);

  it('refuses http://127.0.0.1 and other private or link-local addresses when saved, without naming what they resolve to', async () => {
    const person = await server.signUp();
    for (const url of [
      'http://127.0.0.1:9/hook',
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest',
      'http://[::1]/hook',
      'http://localhost/hook',
    ]) {
      const reply = await server.call('POST', '/api/webhooks', { token: person.access, json: { url, events: ['message.created'] } });
      expect(reply.status, url).toBe(400);
      expect(reply.body.msg).toBe(`url: ${PRIVATE_ADDRESS_REFUSED}`);
    }
    expect((await server.call('GET', '/api/webhooks', { token: person.access })).body.webhooks).toEqual([]);
  });

  it('refuses at delivery too: a saved webhook whose address is private gets a logged refusal, and no request', async () => {
    const person = await server.signUp();
    const receiver = await startReceiver();
    try {
      // Saved while it pointed elsewhere, as a name later pointed inwards would be.
      const [row] = await server.running.services.db
        .insert(webhookRows)
        .values({
          userId: person.id,
          url: receiver.url,
          events: ['message.created'],
          secret: `whsec_${Buffer.from('a secret of 24 bytes!!!!').toString('base64')}`,
        })
        .returning();
      await server.call('POST', `/api/webhooks/${row!.id}/test`, { token: person.access });
      const log = await waitFor(
        async () => (await server.call('GET', '/api/webhooks', { token: person.access })).body.webhooks[0].deliveries,
        (tries: unknown[]) => tries.length === 1,
      );
      expect(log[0]).toMatchObject({ status: null, error: `The URL ${PRIVATE_ADDRESS_REFUSED}` });
      expect(receiver.received).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it('judges addresses as the networks they are in', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
});
