import { Hono } from 'hono';
import { inboxQuerySchema, inboxReadSchema } from '@vocal/settings-model';
import type { AppEnv } from '../http/app-env.ts';
import { readJson, readQuery } from '../http/read-input.ts';
import { requireUser } from '../http/require-user.ts';
import type { AccountService } from '../services/account-service.ts';
import type { InboxService } from '../services/inbox-service.ts';
import type { TokenService } from '../services/token-service.ts';

/** The owner's inbox: pages of messages, the unread counts, and marking read or unread. */
export function inboxRoutes(services: { accounts: AccountService; tokens: TokenService; inbox: InboxService }) {
  const { inbox } = services;
  const signedIn = requireUser(services);

  return new Hono<AppEnv>()
    .get('/inbox', signedIn, async (context) =>
      context.json(await inbox.list(context.get('user').id, readQuery(context, inboxQuerySchema))),
    )
    .get('/inbox/summary', signedIn, async (context) => context.json(await inbox.summary(context.get('user').id)))
    .post('/inbox/read', signedIn, async (context) => {
      const { ids, read } = await readJson(context, inboxReadSchema);
      return context.json(await inbox.markRead(context.get('user').id, ids, read));
    });
}
