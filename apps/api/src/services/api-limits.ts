import { tooManyRequests } from '../http/http-error.ts';
import type { RateLimiter, RateLimits } from './rate-limiter.ts';

const TEN_MINUTES_MS = 10 * 60_000;
/** A sender's address may write to contact forms this often, from however many places. */
const CONTACT_MESSAGES_PER_EMAIL_PER_HOUR = 5;

/**
 * Every limit of the API. What one visitor may do is counted per client address (and per
 * sender email for the contact form); `visitorPerTenMinutes` is VISITOR_RATE_LIMIT, and
 * uploads get twice as many, since the recorder retries an upload that did not get through.
 * Sign-ins count all attempts per address and failed ones per email: that slows guessing
 * without locking anyone out for long.
 */
export function createApiLimits(rateLimits: RateLimits, options: { visitorPerTenMinutes: number; signInsPerMinute: number }) {
  const perTenMinutes = (bucket: string, limit: number) => rateLimits.limiter(bucket, { limit, windowMs: TEN_MINUTES_MS });
  return {
    recordings: perTenMinutes('visitor-recordings', options.visitorPerTenMinutes),
    uploads: perTenMinutes('visitor-uploads', options.visitorPerTenMinutes * 2),
    comments: perTenMinutes('visitor-comments', options.visitorPerTenMinutes),
    contactMessages: perTenMinutes('contact-messages', options.visitorPerTenMinutes),
    contactMessagesPerEmail: rateLimits.limiter('contact-messages-per-email', {
      limit: CONTACT_MESSAGES_PER_EMAIL_PER_HOUR,
      windowMs: 3_600_000,
    }),
    reports: perTenMinutes('issue-reports', 10),
    signIns: rateLimits.limiter('sign-ins', { limit: options.signInsPerMinute, windowMs: 60_000 }),
    failedSignInsPerEmail: rateLimits.limiter('failed-sign-ins-per-email', { limit: 10, windowMs: 15 * 60_000 }),
  };
}

export type ApiLimits = ReturnType<typeof createApiLimits>;

/** Counts one attempt for `key`; over the limit, a 429 whose message says what and how long. */
export async function countAttempt(limiter: RateLimiter, key: string, what: string): Promise<void> {
  const wait = await limiter.hit(key);
  if (wait) throw tooManyRequests(`Too many ${what}. Try again in ${wait} seconds.`, wait);
}
