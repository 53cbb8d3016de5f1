/**
 * Hono's mark on a handler it wrapped when a sub-app with an error handler of its own was
 * mounted (hono-base.ts, `route`): the handler as it was written.
 */
const COMPOSED_HANDLER = '__COMPOSED_HANDLER';

/** A handler of an app's route table as its route wrote it, unwrapped from Hono's composition. */
export function handlerAsWritten(handler: unknown): unknown {
  if (typeof handler !== 'function' || !(COMPOSED_HANDLER in handler)) return handler;
  return handlerAsWritten((handler as unknown as Record<string, unknown>)[COMPOSED_HANDLER]);
}
