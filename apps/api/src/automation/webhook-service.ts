import { randomBytes, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import {
  MAX_WEBHOOKS,
  WEBHOOK_TEST_EVENT,
  type CreatedWebhook,
  type Webhook,
  type WebhookEventType,
  type WebhookPayload,
} from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { webhookDeliveries, webhooks } from '../db/schema.ts';
import type { Config } from '../env.ts';
import { badRequest, conflict, notFound } from '../http/http-error.ts';
import { PermanentJobError, type JobQueue, type Transaction } from '../jobs/job-queue.ts';
import type { JobHandler } from '../jobs/job-worker.ts';
import { resolveWebhookAddress, WebhookAddressError, type ResolvedAddress } from './webhook-address.ts';

export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';
/** A receiver has this long to answer; past it the try counts as failed and is retried. */
const DELIVERY_TIMEOUT_MS = 10_000;
/**
 * Tries per event. With the queue's exponential backoff (JOB_RETRY_BASE_SECONDS, 10 s by default, doubling),
 * the seven retries are spread over about 21 minutes.
 */
const DELIVERY_ATTEMPTS = 8;
/** What the log keeps per webhook, newest first. */
const LOG_LENGTH = 20;

type DeliveryPayload = { webhookId: string; eventId: string; type: string; timestamp: string; data: Record<string, unknown> };

const readPayload = (payload: Record<string, unknown>): DeliveryPayload | null =>
  typeof payload.webhookId === 'string' &&
  typeof payload.eventId === 'string' &&
  typeof payload.type === 'string' &&
  typeof payload.timestamp === 'string' &&
  typeof payload.data === 'object' &&
  payload.data !== null
    ? (payload as DeliveryPayload)
    : null;

/** One POST to the checked address (the URL's host stays in Host and SNI); its status, or an error. */
function post(url: URL, address: ResolvedAddress, body: string, headers: Record<string, string>): Promise<number> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Vocal-Webhooks/1',
        },
        // The address already checked, so a second resolution cannot lead elsewhere.
        lookup: (_host, options, callback) => {
          if ((options as { all?: boolean }).all)
            callback(null, [{ address: address.address, family: address.family }] as never, address.family);
          else callback(null, address.address, address.family);
        },
      },
      (response) => {
        // The status is all we keep: it is the answer, whatever the body does after it.
        clearTimeout(deadline);
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    // One deadline for the whole exchange: a receiver that trickles its answer a byte at a
    // time must not hold a job slot for longer (a socket timeout alone would restart with each byte).
    const deadline = setTimeout(() => outgoing.destroy(new Error(`no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)), DELIVERY_TIMEOUT_MS);
    outgoing.on('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    outgoing.end(body);
  });
}

/**
 * Webhooks (issue 29): an account's events POSTed to its own URLs, signed as the Standard
 * Webhooks specification says, through the job queue with retries and backoff, each try logged.
 */
export function createWebhookService(options: { db: Database; config: Config; queue: JobQueue; wake: () => void; now?: () => Date }) {
  const { db, config, queue, wake } = options;
  const now = options.now ?? (() => new Date());

  async function checkedAddress(url: URL): Promise<ResolvedAddress> {
    return resolveWebhookAddress(url, config.webhookAllowPrivate);
  }

  async function ownWebhook(userId: number, id: string) {
    const [row] = await db
      .select()
      .from(webhooks)
      .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)));
    if (!row) throw notFound('You have no webhook with this id');
    return row;
  }

  async function queueDelivery(webhookId: string, type: string, data: Record<string, unknown>, transaction?: Transaction): Promise<void> {
    const eventId = `evt_${randomUUID().replace(/-/g, '')}`;
    const payload: DeliveryPayload = { webhookId, eventId, type, timestamp: now().toISOString(), data };
    await queue.enqueue(
      { kind: WEBHOOK_DELIVERY_JOB, key: `${WEBHOOK_DELIVERY_JOB}:${webhookId}:${eventId}`, payload, maxAttempts: DELIVERY_ATTEMPTS },
      transaction ? { transaction } : undefined,
    );
  }

  const deliveryHandler: JobHandler = {
    async run(job) {
      const delivery = readPayload(job.payload);
      if (!delivery) throw new PermanentJobError('The job holds no webhook delivery');
      const [hook] = await db.select().from(webhooks).where(eq(webhooks.id, delivery.webhookId));
      // Removed since: nobody is waiting for it.
      if (!hook) return;
      const started = Date.now();
      const log = (status: number | null, error: string | null) =>
        db.insert(webhookDeliveries).values({
          webhookId: hook.id,
          eventId: delivery.eventId,
          type: delivery.type,
          attempt: job.attempts,
          status,
          durationMs: Date.now() - started,
          error,
        });
      const payload: WebhookPayload = { type: delivery.type as WebhookPayload['type'], timestamp: delivery.timestamp, data: delivery.data };
      const body = JSON.stringify(payload);
      const url = new URL(hook.url);
      let address: ResolvedAddress;
      try {
        // Checked again at every try, after DNS: a name may have been pointed inwards since it was saved.
        address = await checkedAddress(url);
      } catch (error) {
        const message = error instanceof WebhookAddressError ? `The URL ${error.message}` : String(error);
        await log(null, message);
        throw new PermanentJobError(message);
      }
      const sentAt = new Date();
      const signature = new StandardWebhook(hook.secret).sign(delivery.eventId, sentAt, body);
      let status: number;
      try {
        status = await post(url, address, body, {
          'webhook-id': delivery.eventId,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': signature,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await log(null, message);
        throw new Error(`The webhook could not be reached: ${message}`, { cause: error });
      }
      if (status >= 200 && status < 300) {
        await log(status, null);
        return;
      }
      await log(status, `The receiver answered ${status}`);
      throw new Error(`The receiver answered ${status}`);
    },
  };

  return {
    handlers: { [WEBHOOK_DELIVERY_JOB]: deliveryHandler },

    /** POST webhooks: the secret is in this answer and shown nowhere else. */
    async create(userId: number, request: { url: string; events: WebhookEventType[] }): Promise<CreatedWebhook> {
      const [held] = await db.select({ value: count() }).from(webhooks).where(eq(webhooks.userId, userId));
      if ((held?.value ?? 0) >= MAX_WEBHOOKS)
        throw conflict(`You have ${MAX_WEBHOOKS} webhooks, the most an account may have: delete one first`);
      const url = new URL(request.url);
      if (url.username || url.password)
        throw badRequest('url: must not hold a user name or password; use the signature to trust deliveries');
      try {
        await checkedAddress(url);
      } catch (error) {
        if (error instanceof WebhookAddressError) throw badRequest(`url: ${error.message}`);
        throw error;
      }
      const secret = `whsec_${randomBytes(24).toString('base64')}`;
      const events = [...new Set(request.events)];
      const [row] = await db.insert(webhooks).values({ userId, url: url.href, events, secret }).returning();
      if (!row) throw new Error('The webhook could not be stored');
      return { id: row.id, url: row.url, events: row.events, secret };
    },

    /** GET webhooks: each with its latest tries, never its secret. */
    async list(userId: number): Promise<Webhook[]> {
      const rows = await db.select().from(webhooks).where(eq(webhooks.userId, userId)).orderBy(webhooks.createdAt, webhooks.id);
      if (rows.length === 0) return [];
      const ranked = db
        .select({
          webhookId: webhookDeliveries.webhookId,
          eventId: webhookDeliveries.eventId,
          type: webhookDeliveries.type,
          attempt: webhookDeliveries.attempt,
          status: webhookDeliveries.status,
          durationMs: webhookDeliveries.durationMs,
          error: webhookDeliveries.error,
          createdAt: webhookDeliveries.createdAt,
          place:
            sql<number>`row_number() over (partition by ${webhookDeliveries.webhookId} order by ${webhookDeliveries.createdAt} desc, ${webhookDeliveries.id} desc)`.as(
              'place',
            ),
        })
        .from(webhookDeliveries)
        .where(
          inArray(
            webhookDeliveries.webhookId,
            rows.map((row) => row.id),
          ),
        )
        .as('ranked');
      const tries = await db
        .select()
        .from(ranked)
        .where(sql`${ranked.place} <= ${LOG_LENGTH}`)
        .orderBy(desc(ranked.createdAt));
      return rows.map((row) => ({
        id: row.id,
        url: row.url,
        events: row.events,
        createdAt: row.createdAt.toISOString(),
        deliveries: tries
          .filter((entry) => entry.webhookId === row.id)
          .map((entry) => ({
            eventId: entry.eventId,
            type: entry.type,
            attempt: entry.attempt,
            status: entry.status,
            durationMs: entry.durationMs,
            error: entry.error,
            at: new Date(entry.createdAt).toISOString(),
          })),
      }));
    },

    /** DELETE webhooks/{id}: nothing more is sent to it, queued retries included. */
    async remove(userId: number, id: string): Promise<void> {
      await ownWebhook(userId, id);
      await db.delete(webhooks).where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)));
    },

    /** POST webhooks/{id}/test: a `webhook.test` event, delivered and logged like any other. */
    async test(userId: number, id: string): Promise<{ eventType: string }> {
      const hook = await ownWebhook(userId, id);
      await queueDelivery(hook.id, WEBHOOK_TEST_EVENT, { webhookId: hook.id, message: 'A test event from Vocal' });
      wake();
      return { eventType: WEBHOOK_TEST_EVENT };
    },

    /**
     * Queues `type` for every webhook of `ownerId` that listens to it, in the transaction that
     * stores what it is about (a crash cannot keep one without the other). The caller wakes the jobs.
     */
    async emitInTransaction(
      ownerId: number,
      type: WebhookEventType,
      data: Record<string, unknown>,
      transaction: Transaction,
    ): Promise<boolean> {
      const listening = await transaction
        .select({ id: webhooks.id })
        .from(webhooks)
        .where(and(eq(webhooks.userId, ownerId), sql`${webhooks.events} @> ${JSON.stringify([type])}::jsonb`));
      for (const hook of listening) await queueDelivery(hook.id, type, data, transaction);
      return listening.length > 0;
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
