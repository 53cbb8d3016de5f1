import type { MiddlewareHandler } from 'hono';
import type { JobHandler } from '../jobs/job-worker.ts';
import type { AppEnv } from '../http/app-env.ts';

type Clearable = { clear(): void };
type OwnerForgetting = Clearable & { forgetOwner(ownerId: number): void };

/** Methods that never write. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes that cannot change what a listener sees: the listen page's progress beacon, sent by
 * every listener of a message that goes viral, would otherwise empty the cache all the time.
 */
const LEAVES_PUBLIC_PAGES_ALONE = /^\/api\/track\/heard\//;

/**
 * Signed-in writes whose effect reaches other accounts' pages: a team's invites and joins (a
 * member's plan, so their pages' branding), comments on anyone's message, the administrator's
 * and Stripe's. Anonymous writes (a visitor's reply or message) reach another owner too.
 */
const REACHES_OTHER_OWNERS = /^\/api\/(invite|join\/|comments\/|admin\/|stripe\/)/;

/**
 * Empties the public page cache once a request that wrote has been handled, before the answer
 * leaves, so the writer's next request, and everyone's after it, sees the change. A refusal
 * (4xx) wrote nothing (every refusal changes nothing, the fuzz suite checks it), so it clears
 * nothing: 87 anonymous 404 POSTs a second emptied the cache and cut the listen page to a fifth
 * (issue 23, finding 10). A signed-in person's own write forgets their own pages only; a 5xx
 * (it may have written part of its work) and writes that reach other owners forget them all.
 */
export function clearPublicPagesAfterWrites(cache: OwnerForgetting): MiddlewareHandler<AppEnv> {
  return async (context, next) => {
    if (SAFE_METHODS.has(context.req.method) || LEAVES_PUBLIC_PAGES_ALONE.test(context.req.path)) return next();
    try {
      await next();
    } catch (error) {
      cache.clear();
      throw error;
    }
    const status = context.res.status;
    if (status >= 400 && status < 500) return;
    const writer = status < 400 && !REACHES_OTHER_OWNERS.test(context.req.path) ? context.get('user') : undefined;
    if (writer) cache.forgetOwner(writer.id);
    else cache.clear();
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
