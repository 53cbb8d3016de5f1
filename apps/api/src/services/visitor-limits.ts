import { tooManyRequests } from '../http/http-error.ts';
import { createRateLimiter, type RateLimiter } from './rate-limiter.ts';

const TEN_MINUTES_MS = 10 * 60_000;
/** A sender's address may write to contact forms this often, from however many places. */
const CONTACT_MESSAGES_PER_EMAIL_PER_HOUR = 5;

/**
 * What one visitor may do, counted per client address (and per sender email for the contact
 * form). `perTenMinutes` is VISITOR_RATE_LIMIT; uploads get twice as many, since the recorder
 * retries an upload that did not get through.
 */
export function createVisitorLimits(options: { perTenMinutes: number }) {
  const perTenMinutes = (limit: number) => createRateLimiter({ limit, windowMs: TEN_MINUTES_MS });
  return {
    recordings: perTenMinutes(options.perTenMinutes),
    uploads: perTenMinutes(options.perTenMinutes * 2),
    comments: perTenMinutes(options.perTenMinutes),
    contactMessages: perTenMinutes(options.perTenMinutes),
    contactMessagesPerEmail: createRateLimiter({ limit: CONTACT_MESSAGES_PER_EMAIL_PER_HOUR, windowMs: 3_600_000 }),
  };
}

export type VisitorLimits = ReturnType<typeof createVisitorLimits>;

/** Counts one attempt for `key`; over the limit, a 429 whose message says what and how long. */
export function countVisit(limiter: RateLimiter, key: string, what: string): void {
  const wait = limiter.hit(key);
  if (wait) throw tooManyRequests(`Too many ${what}. Try again in ${wait} seconds.`, wait);
}
