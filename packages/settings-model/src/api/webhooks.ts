import { z } from 'zod';
import { httpUrlSchema, isoDateTimeSchema, uuidSchema } from '../validation.ts';

/** What a webhook can be told (issue 29). */
export const WEBHOOK_EVENT_TYPES = [
  'message.created',
  'message.first_listen',
  'reply.created',
  'comment.created',
  'contact.received',
  'transcript.completed',
] as const;
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` });
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;
/** The test event POST webhooks/{id}/test sends, whatever the webhook listens to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
/** How many webhooks one account may have. */
export const MAX_WEBHOOKS = 10;

/** POST webhooks. */
export const webhookRequestSchema = z
  .object({
    url: httpUrlSchema,
    events: z.array(webhookEventTypeSchema).min(1, { error: 'Choose at least one event' }).max(WEBHOOK_EVENT_TYPES.length),
  })
  .strict();
export type WebhookRequest = z.input<typeof webhookRequestSchema>;

/** One delivery try, newest first in a webhook's log. */
export const webhookDeliverySchema = z.object({
  eventId: z.string(),
  type: z.string(),
  attempt: z.number().int().positive(),
  /** Null: no answer (a refused address, a timeout, a network error). */
  status: z.number().int().nullable(),
  durationMs: z.number().int().nonnegative(),
  error: z.string().nullable(),
  at: isoDateTimeSchema,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** A webhook as GET webhooks lists it: never its secret. */
export const webhookSchema = z.object({
  id: uuidSchema,
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  createdAt: isoDateTimeSchema,
  /** The latest tries, newest first (at most 20). */
  deliveries: z.array(webhookDeliverySchema),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** POST webhooks' answer (201): the only time the secret is shown. */
export const createdWebhookSchema = z.object({
  id: uuidSchema,
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  secret: z.string().startsWith('whsec_'),
});
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) });
export type WebhookList = z.infer<typeof webhookListSchema>;
export const webhookParamsSchema = z.object({ id: uuidSchema });

/** What a delivery's body holds (the Standard Webhooks payload shape). */
export type WebhookPayload = { type: WebhookEventType | typeof WEBHOOK_TEST_EVENT; timestamp: string; data: Record<string, unknown> };
