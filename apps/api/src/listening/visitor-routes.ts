import { Hono } from 'hono';
import { contactMessageSchema, publicCodeParamsSchema } from '@vocal/settings-model';
import type { Config } from '../env.ts';
import type { AppEnv } from '../http/app-env.ts';
import { clientAddress } from '../http/client-address.ts';
import { readJson, readParams } from '../http/read-input.ts';
import { newRecordingId } from '../common/ids.ts';
import { countAttempt, type ApiLimits } from '../http/api-limits.ts';
import type { VisitorService } from './visitor-service.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';
import { z } from 'zod';

/** The contact form and the collect page, opened by their owner's share code; no account needed. */
export function visitorRoutes(services: { config: Config; visitors: VisitorService; limits: ApiLimits }) {
  const { limits } = services;
  return new Hono<AppEnv>()
    .get(
      '/contact-form/:code',
      described({
        tag: TAGS.visitors,
        summary: "A contact form's page: its owner and settings",
        access: 'public',
        pathParameters: { code: "The owner's public code." },
        answers: { 200: { description: 'The contact form', json: 'ContactForm' } },
        refusals: { 403: 'Not open yet: its owner has not confirmed their email address', 404: 'This contact form does not exist' },
      }),
      async (context) => {
        const { code } = readParams(context, publicCodeParamsSchema, 'This contact form does not exist');
        return context.json(await services.visitors.contactForm(code));
      },
    )
    .post(
      '/contact-form/:code/messages',
      described({
        tag: TAGS.visitors,
        summary: 'Send a written message through a contact form',
        access: 'public',
        pathParameters: { code: "The owner's public code." },
        body: { json: 'ContactMessage' },
        answers: { 201: { description: 'Sent', json: z.object({ id: z.string() }) } },
        refusals: {
          403: 'Not open yet: its owner has not confirmed their email address',
          404: 'This contact form does not exist',
          429: 'Too many messages from this address or email',
        },
      }),
      async (context) => {
        await countAttempt(limits.contactMessages, clientAddress(context, services.config.trustProxy), 'messages from here');
        const input = await readJson(context, contactMessageSchema);
        const { code } = readParams(context, publicCodeParamsSchema, 'This contact form does not exist');
        const owner = await services.visitors.formOwner(code);
        // A filled honeypot is answered as if the message were sent; nothing is kept or mailed.
        if (input.website?.trim()) return context.json({ id: newRecordingId() }, 201);
        await countAttempt(limits.contactMessagesPerEmail, input.email, 'messages from this email address');
        return context.json(await services.visitors.sendMessage(owner, input), 201);
      },
    )
    .get(
      '/collect/:code',
      described({
        tag: TAGS.visitors,
        summary: "A collection's page: its owner and settings",
        access: 'public',
        pathParameters: { code: "The owner's public code." },
        answers: { 200: { description: 'The collection', json: 'Collection' } },
        refusals: { 403: 'Not open yet: its owner has not confirmed their email address', 404: 'This collection does not exist' },
      }),
      async (context) => {
        const { code } = readParams(context, publicCodeParamsSchema, 'This collection does not exist');
        return context.json(await services.visitors.collection(code));
      },
    );
}
