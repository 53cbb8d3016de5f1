import { Hono, type Context } from 'hono';
import type { RecordingService } from '../recordings/recording-service.ts';
import type { MessagePrivacy } from './message-privacy.ts';
import { commentIdParamsSchema, newCommentSchema } from '@vocal/settings-model';
import type { Config } from '../env.ts';
import type { AppEnv } from '../http/app-env.ts';
import { clientAddress } from '../http/client-address.ts';
import { readJson, readParams } from '../http/read-input.ts';
import { optionalUser, requireUser } from '../http/require-user.ts';
import type { AccountService, UserRow } from '../accounts/account-service.ts';
import type { CommentService } from './comment-service.ts';
import type { TokenService } from '../accounts/token-service.ts';
import { countAttempt, type ApiLimits } from '../http/api-limits.ts';
import { described } from '../openapi/described.ts';
import { TAGS } from '../openapi/route-description.ts';
import { RECORDING_ID } from '../openapi/description-parts.ts';
import { publicRecordingIdOf } from '../recordings/recording-id-param.ts';

/**
 * Comments under a message: anyone reads and writes them while the owner has them on (a
 * token is optional, but one that fails is a 401); only the owner deletes them.
 */
export function commentRoutes(services: {
  config: Config;
  accounts: AccountService;
  tokens: TokenService;
  comments: CommentService;
  limits: ApiLimits;
  recordings: Pick<RecordingService, 'cachedPublicPage'>;
  privacy: MessagePrivacy;
}) {
  const maybeSignedIn = optionalUser(services);
  // A private message's comments are for those who may open it: who unlocked it, its team, its owner.
  const assertOpen = async (context: Context<AppEnv>, id: string) =>
    services.privacy.assertOpen(context, await services.recordings.cachedPublicPage(id));
  return new Hono<AppEnv>()
    .get(
      '/comments/:id',
      described({
        tag: TAGS.visitors,
        summary: 'The written comments on a message',
        access: 'public',
        security: 'optional-bearer',
        pathParameters: { id: RECORDING_ID },
        answers: { 200: { description: 'The comments', json: 'Comments' } },
        refusals: {
          401: 'Private: password-protected without its unlock token (X-Unlock-Token), or team-only and signed out',
          403: "Team-only, and the signed-in person is not on the owner's team",
          404: 'Unknown, deleted or expired',
        },
      }),
      maybeSignedIn,
      async (context) => {
        const id = publicRecordingIdOf(context);
        await assertOpen(context, id);
        return context.json(await services.comments.list(id));
      },
    )
    .post(
      '/comments/:id',
      described({
        tag: TAGS.visitors,
        summary: 'Comment on a message',
        access: 'public',
        security: 'optional-bearer',
        pathParameters: { id: RECORDING_ID },
        body: { json: 'NewComment' },
        answers: { 201: { description: 'The comment', json: 'Comment' } },
        refusals: {
          401: 'Private: password-protected without its unlock token (X-Unlock-Token), or team-only and signed out',
          403: "Comments are turned off, or team-only and the signed-in person is not on the owner's team",
          404: 'Unknown, deleted or expired',
          429: 'Too many comments from this address',
        },
      }),
      maybeSignedIn,
      async (context) => {
        await countAttempt(services.limits.comments, clientAddress(context, services.config.trustProxy), 'comments from here');
        const input = await readJson(context, newCommentSchema);
        const id = publicRecordingIdOf(context);
        await assertOpen(context, id);
        // Set only when the commenter sent a token (optionalUser).
        const user = context.get('user') as UserRow | undefined;
        return context.json(await services.comments.add(id, input, { userId: user?.id ?? null }), 201);
      },
    )
    .delete(
      '/comments/:id',
      described({
        tag: TAGS.visitors,
        summary: 'Delete a comment on one of my messages',
        access: 'owner',
        pathParameters: { id: 'The comment id.' },
        answers: { 200: { description: 'Deleted', json: 'Ok' } },
        refusals: { 404: 'Not found, or not on your message (one answer)' },
      }),
      requireUser(services),
      async (context) => {
        const { id } = readParams(context, commentIdParamsSchema, 'Comment not found');
        await services.comments.remove(context.get('user').id, id);
        return context.json({ ok: true });
      },
    );
}
