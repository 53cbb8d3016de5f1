import { Hono } from 'hono';
import { mailUnsubscribeQuerySchema, type TranscriberInfo } from '@vocal/settings-model';
import type { AppEnv } from '../http/app-env.ts';
import { readQuery } from '../http/read-input.ts';
import { requireUser } from '../http/require-user.ts';
import type { AccountService } from '../accounts/account-service.ts';
import type { NotificationService } from './notification-service.ts';
import type { TokenService } from '../accounts/token-service.ts';
import type { TranscriptionService } from '../recordings/transcription-service.ts';

/**
 * The notification mails' one-click unsubscribe (RFC 8058) and the facts the notification and
 * transcript settings pages show. The link's token is its credential: no sign-in.
 */
export function unsubscribeRoutes(services: {
  accounts: AccountService;
  tokens: TokenService;
  notifications: NotificationService;
  transcription: TranscriptionService;
  config: { publicUrl: string };
}) {
  const signedIn = requireUser(services);
  const { unsubscribe } = services.notifications;
  return (
    new Hono<AppEnv>()
      // What a mail client sends for one click ("List-Unsubscribe=One-Click" in a form body it
      // need not be read for): the token says everything. 200, no page.
      .post('/unsubscribe', async (context) => {
        const { token } = readQuery(context, mailUnsubscribeQuerySchema);
        return context.json(await unsubscribe.unsubscribe(token));
      })
      .post('/unsubscribe/undo', async (context) => {
        const { token } = readQuery(context, mailUnsubscribeQuerySchema);
        return context.json(await unsubscribe.resubscribe(token));
      })
      // A person who opens the link gets the web app's page, which unsubscribes by the POST
      // above when it runs: a mail scanner fetching links does not turn anyone's mail off.
      .get('/unsubscribe', (context) => {
        const { token } = readQuery(context, mailUnsubscribeQuerySchema);
        return context.redirect(`${services.config.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`, 303);
      })
      .get('/transcriber', signedIn, (context) =>
        context.json({ engine: services.transcription.transcriberName } satisfies TranscriberInfo),
      )
  );
}
