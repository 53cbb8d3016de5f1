import type { UserRow } from '../services/account-service.ts';

/** Values the middleware puts on each request's context. */
export type AppEnv = {
  Variables: {
    requestId: string;
    user: UserRow;
    sessionId: string;
  };
};
