import { Hono } from 'hono';
import { contactMessageSchema, publicCodeParamsSchema } from '@vocal/settings-model';
import type { Config } from '../env.ts';
import type { AppEnv } from '../http/app-env.ts';
import { clientAddress } from '../http/client-address.ts';
import { readJson, readParams } from '../http/read-input.ts';
import { newRecordingId } from '../common/ids.ts';
import { countAttempt, type ApiLimits } from '../http/api-limits.ts';
import type { VisitorService } from './visitor-service.ts';

/** The contact form and the collect page, opened by their owner's share code; no account needed. */
export function visitorRoutes(services: { config: Config; visitors: VisitorService; limits: ApiLimits }) {
  const { limits } = services;
  return new Hono<AppEnv>()
    .get('/contact-form/:code', async (context) => {
      const { code } = readParams(context, publicCodeParamsSchema, 'This contact form does not exist');
      return context.json(await services.visitors.contactForm(code));
    })
    .post('/contact-form/:code/messages', async (context) => {
      await countAttempt(limits.contactMessages, clientAddress(context, services.config.trustProxy), 'messages from here');
      const input = await readJson(context, contactMessageSchema);
      const { code } = readParams(context, publicCodeParamsSchema, 'This contact form does not exist');
      const owner = await services.visitors.formOwner(code);
      // A filled honeypot is answered as if the message were sent; nothing is kept or mailed.
      if (input.website?.trim()) return context.json({ id: newRecordingId() }, 201);
      await countAttempt(limits.contactMessagesPerEmail, input.email, 'messages from this email address');
      return context.json(await services.visitors.sendMessage(owner, input), 201);
    })
    .get('/collect/:code', async (context) => {
      const { code } = readParams(context, publicCodeParamsSchema, 'This collection does not exist');
      return context.json(await services.visitors.collection(code));
    });
}
