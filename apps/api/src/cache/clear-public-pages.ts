import type { MiddlewareHandler } from 'hono';
import type { JobHandler } from '../jobs/job-worker.ts';

type Clearable = { clear(): void };

/** Methods that never write. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes that cannot change what a listener sees: the listen page's progress beacon, sent by
 * every listener of a message that goes viral, would otherwise empty the cache all the time.
 */
const LEAVES_PUBLIC_PAGES_ALONE = /^\/api\/track\/heard\//;

/**
 * Empties the public page cache once any request that may write has been handled, whatever
 * it answered (a failure may have written part of its work). Done before the answer leaves,
 * so the writer's next request, and everyone's after it, sees the change.
 */
export function clearPublicPagesAfterWrites(cache: Clearable): MiddlewareHandler {
  return async (context, next) => {
    if (SAFE_METHODS.has(context.req.method) || LEAVES_PUBLIC_PAGES_ALONE.test(context.req.path)) return next();
    try {
      await next();
    } finally {
      cache.clear();
    }
  };
}

/**
 * The same after every job: transcripts, titles taken from them, summaries, re-encoded audio,
 * expiry and deletion all change a public payload. A job that gives up writes its error in a
 * transaction that commits after `giveUp` returns; a read in that instant may keep the page
 * from before it for at most the cache's TTL.
 */
export function clearingAfterEachJob(cache: Clearable, handlers: Record<string, JobHandler>): Record<string, JobHandler> {
  return Object.fromEntries(
    Object.entries(handlers).map(([kind, handler]) => {
      const wrapped: JobHandler = {
        async run(job, context) {
          try {
            await handler.run(job, context);
          } finally {
            cache.clear();
          }
        },
      };
      if (handler.giveUp) {
        const giveUp = handler.giveUp.bind(handler);
        wrapped.giveUp = async (job, reason, transaction) => {
          try {
            await giveUp(job, reason, transaction);
          } finally {
            cache.clear();
          }
        };
      }
      return [kind, wrapped];
    }),
  );
}
