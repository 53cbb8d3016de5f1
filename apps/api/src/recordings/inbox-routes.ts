import { Hono } from 'hono';
import { answerRequestSchema, inboxQuerySchema, inboxReadSchema } from '@vocal/settings-model';
import type { Config } from '../env.ts';
import type { AppEnv } from '../http/app-env.ts';
import { forbidden } from '../http/http-error.ts';
import { readJson, readQuery } from '../http/read-input.ts';
import { requireUser } from '../http/require-user.ts';
import type { AccountService } from '../accounts/account-service.ts';
import { countAttempt, type ApiLimits } from '../http/api-limits.ts';
import type { AnswerService } from '../listening/answer-service.ts';
import { addressConfirmed } from '../accounts/email-confirmation.ts';
import type { InboxService } from './inbox-service.ts';
import type { TokenService } from '../accounts/token-service.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';

/** The owner's inbox: pages of messages and comments, the unread counts, marking read or unread, and answering. */
export function inboxRoutes(services: {
  accounts: AccountService;
  tokens: TokenService;
  inbox: InboxService;
  answers: AnswerService;
  limits: ApiLimits;
  config: Config;
}) {
  const { inbox, limits } = services;
  const signedIn = requireUser(services);

  return new Hono<AppEnv>()
    .get(
      '/inbox',
      described({
        tag: TAGS.inbox,
        summary: 'A page of sent and received messages, filtered and searched',
        access: 'self',
        query: inboxQuerySchema,
        answers: { 200: { description: 'One page and the cursor of the next', json: 'Inbox' } },
        refusals: { 404: 'The folder is not found, or not yours' },
      }),
      signedIn,
      async (context) => context.json(await inbox.list(context.get('user').id, readQuery(context, inboxQuerySchema))),
    )
    .get(
      '/inbox/summary',
      described({
        tag: TAGS.inbox,
        summary: 'Unread counts',
        access: 'self',
        answers: { 200: { description: 'The counts', json: 'InboxSummary' } },
      }),
      signedIn,
      async (context) => context.json(await inbox.summary(context.get('user').id)),
    )
    .post(
      '/inbox/read',
      described({
        tag: TAGS.inbox,
        summary: 'Mark messages read or unread',
        access: 'owner',
        body: { json: 'InboxRead' },
        answers: { 200: { description: 'Marked', json: 'InboxReadResponse' } },
        refusals: { 404: 'A message or comment is not found, or not yours' },
      }),
      signedIn,
      async (context) => {
        const { ids, commentIds, read } = await readJson(context, inboxReadSchema);
        return context.json(await inbox.markRead(context.get('user').id, ids, read, commentIds));
      },
    )
    .post(
      '/inbox/answers',
      described({
        tag: TAGS.inbox,
        summary:
          'Answer a received message or a comment, by voice (a recording you uploaded) or in words; its sender is mailed it when their address is known',
        access: 'owner',
        body: { json: 'AnswerRequest' },
        answers: {
          201: { description: 'Answered (and the mail queued when the sender can be told)', json: 'AnswerResponse' },
          200: { description: 'This voice answer was linked to the same message before: nothing is sent again', json: 'AnswerResponse' },
        },
        refusals: {
          404: 'The message, comment or recording is not found, or not yours',
          409: 'The recording already answers something else',
          429: 'Too many answers by email (per hour, or to one person per day)',
        },
      }),
      signedIn,
      async (context) => {
        const owner = context.get('user');
        const input = await readJson(context, answerRequestSchema);
        const { response, created } = await services.answers.answer(owner, input, {
          // Counted only for an answer that will be mailed, before anything is stored.
          beforeMailing: async (address) => {
            // A mail in the owner's name, with their words: not from an account whose own address is unproven.
            if (!addressConfirmed(owner, services.config)) {
              throw forbidden('Confirm your email address before you answer by email: open the link we mailed you');
            }
            await countAttempt(limits.answerMailsPerOwner, String(owner.id), 'answers by email this hour');
            await countAttempt(limits.answerMailsPerRecipient, `${owner.id}:${address.toLowerCase()}`, 'answers to this person today');
          },
        });
        return context.json(response, created ? 201 : 200);
      },
    );
}
