import type { UserRow } from '../services/account-service.ts';

/** Values the middleware puts on each request's context. */
export type AppEnv = {
  Variables: {
    requestId: string;
    user: UserRow;
    sessionId: string;
    /** This request's Content-Security-Policy nonce, for the script tags of rendered pages. */
    cspNonce: string;
  };
};
