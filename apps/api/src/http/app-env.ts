import type { IncomingMessage } from 'node:http';
import type { ReplayableAnswer } from '../cache/answer-replay.ts';
import type { UserRow } from '../services/account-service.ts';

/** Values the middleware puts on each request's context. */
export type AppEnv = {
  /** @hono/node-server's request, when served over Node's HTTP (not in `app.request` tests). */
  Bindings: { incoming?: IncomingMessage };
  Variables: {
    requestId: string;
    user: UserRow;
    sessionId: string;
    /** This request's Content-Security-Policy nonce, for the script tags of rendered pages. */
    cspNonce: string;
    /** Set by a route whose answer depends only on a cached public page and the request's URL (answer-replay.ts). */
    replayable?: ReplayableAnswer;
  };
};
