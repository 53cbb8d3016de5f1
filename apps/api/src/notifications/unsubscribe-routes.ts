import { Hono } from 'hono';
import { mailUnsubscribeQuerySchema, type TranscriberInfo } from '@vocal/settings-model';
import type { AppEnv } from '../http/app-env.ts';
import { readQuery } from '../http/read-input.ts';
import { requireUser } from '../http/require-user.ts';
import type { AccountService } from '../accounts/account-service.ts';
import type { NotificationService } from './notification-service.ts';
import type { TokenService } from '../accounts/token-service.ts';
import type { TranscriptionService } from '../recordings/transcription-service.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';

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
      .post(
        '/unsubscribe',
        described({
          tag: TAGS.mail,
          summary: "One-click unsubscribe (a notification mail's List-Unsubscribe-Post)",
          access: 'public',
          query: mailUnsubscribeQuerySchema,
          answers: { 200: { description: 'Unsubscribed', json: 'MailUnsubscribe' } },
          refusals: { 404: 'The token is not signed by this server, or its user is gone' },
        }),
        async (context) => {
          const { token } = readQuery(context, mailUnsubscribeQuerySchema);
          return context.json(await unsubscribe.unsubscribe(token));
        },
      )
      .post(
        '/unsubscribe/undo',
        described({
          tag: TAGS.mail,
          summary: 'Undo an unsubscribe',
          access: 'public',
          query: mailUnsubscribeQuerySchema,
          answers: { 200: { description: 'Subscribed again', json: 'MailUnsubscribe' } },
          refusals: { 404: 'The token is not signed by this server, or its user is gone' },
        }),
        async (context) => {
          const { token } = readQuery(context, mailUnsubscribeQuerySchema);
          return context.json(await unsubscribe.resubscribe(token));
        },
      )
      // A person who opens the link gets the web app's page, which unsubscribes by the POST
      // above when it runs: a mail scanner fetching links does not turn anyone's mail off.
      .get(
        '/unsubscribe',
        described({
          tag: TAGS.mail,
          summary: "The mail's unsubscribe link: to the web app's page, which asks before unsubscribing",
          access: 'public',
          query: mailUnsubscribeQuerySchema,
          answers: { 303: { description: 'To /unsubscribe?token=...' } },
        }),
        (context) => {
          const { token } = readQuery(context, mailUnsubscribeQuerySchema);
          return context.redirect(`${services.config.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`, 303);
        },
      )
      .get(
        '/transcriber',
        described({
          tag: TAGS.transcription,
          summary: "The server's speech-to-text engine",
          access: 'self',
          answers: { 200: { description: 'The engine, or null', json: 'TranscriberInfo' } },
        }),
        signedIn,
        (context) => context.json({ engine: services.transcription.transcriberName } satisfies TranscriberInfo),
      )
  );
}
