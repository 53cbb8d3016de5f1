import { AsyncLocalStorage } from 'node:async_hooks';

type RequestContext = { requestId: string };

// One store for the process: each request runs inside its own value, so several servers in
// one process (the tests) never see each other's ids.
const requestContext = new AsyncLocalStorage<RequestContext>();

/** Runs `work` (and everything it awaits or schedules) as part of the request `requestId`. */
export function runInRequest<T>(requestId: string, work: () => T): T {
  return requestContext.run({ requestId }, work);
}

/** The id of the request being handled here, or undefined outside any request. */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

/**
 * Runs `work` outside any request: timers it starts (a job worker woken by an upload) would
 * otherwise carry the waking request's id into every line of the jobs they run later.
 */
export function outsideRequests<T>(work: () => T): T {
  return requestContext.exit(work);
}
