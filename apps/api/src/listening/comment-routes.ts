import { Hono } from 'hono';
import { commentIdParamsSchema, newCommentSchema, recordingIdParamsSchema } from '@vocal/settings-model';
import type { Config } from '../env.ts';
import type { AppEnv } from '../http/app-env.ts';
import { clientAddress } from '../http/client-address.ts';
import { readJson, readParams } from '../http/read-input.ts';
import { optionalUser, requireUser } from '../http/require-user.ts';
import type { AccountService, UserRow } from '../accounts/account-service.ts';
import type { CommentService } from './comment-service.ts';
import { PUBLIC_NOT_FOUND } from '../recordings/recording-service.ts';
import type { TokenService } from '../accounts/token-service.ts';
import { countAttempt, type ApiLimits } from '../http/api-limits.ts';

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
}) {
  const maybeSignedIn = optionalUser(services);
  return new Hono<AppEnv>()
    .get('/comments/:id', maybeSignedIn, async (context) => {
      const { id } = readParams(context, recordingIdParamsSchema, PUBLIC_NOT_FOUND);
      return context.json(await services.comments.list(id));
    })
    .post('/comments/:id', maybeSignedIn, async (context) => {
      await countAttempt(services.limits.comments, clientAddress(context, services.config.trustProxy), 'comments from here');
      const input = await readJson(context, newCommentSchema);
      const { id } = readParams(context, recordingIdParamsSchema, PUBLIC_NOT_FOUND);
      // Set only when the commenter sent a token (optionalUser).
      const user = context.get('user') as UserRow | undefined;
      return context.json(await services.comments.add(id, input, { userId: user?.id ?? null }), 201);
    })
    .delete('/comments/:id', requireUser(services), async (context) => {
      const { id } = readParams(context, commentIdParamsSchema, 'Comment not found');
      await services.comments.remove(context.get('user').id, id);
      return context.json({ ok: true });
    });
}
