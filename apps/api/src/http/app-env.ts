import type { IncomingMessage } from 'node:http';
import type { ApiTokenScope } from '@vocal/settings-model';
import type { ReplayableAnswer } from '../cache/answer-replay.ts';
import type { UserRow } from '../accounts/account-service.ts';

/** Values the middleware puts on each request's context. */
export type AppEnv = {
  /** @hono/node-server's request, when served over Node's HTTP (not in `app.request` tests). */
  Bindings: { incoming?: IncomingMessage };
  Variables: {
    requestId: string;
    user: UserRow;
    /** Empty when the request carries a personal API token, which has no session. */
    sessionId: string;
    /** The personal API token the request carries, if it carries one (require-user.ts). */
    apiToken?: { id: string; scope: ApiTokenScope };
    /** This request's Content-Security-Policy nonce, for the script tags of rendered pages. */
    cspNonce: string;
    /** Set by a route whose answer depends only on a cached public page and the request's URL (answer-replay.ts). */
    replayable?: ReplayableAnswer;
  };
};
