import { tooManyRequests } from './http-error.ts';
import type { RateLimiter, RateLimits } from './rate-limiter.ts';

const TEN_MINUTES_MS = 10 * 60_000;
/** A sender's address may write to contact forms this often, from however many places. */
const CONTACT_MESSAGES_PER_EMAIL_PER_HOUR = 5;
/**
 * GET reencode/{id} calls per signed-in user: a re-encode costs a core for seconds, and a
 * user's app asks at most once per message (asking again answers the finished job).
 */
export const REENCODES_PER_USER_PER_TEN_MINUTES = 20;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** One person mistyping gets five tries at once, then 1 s, 2 s, 4 s ... at most 15 minutes. */
export const SIGN_IN_BACKOFF = { freeAttempts: 5, firstWaitMs: 1000, maxWaitMs: 15 * 60_000, forgetAfterMs: DAY_MS };
/** Failures from one address across all emails (a shared office address stays well under). */
export const FAILED_SIGN_INS_PER_CLIENT_PER_HOUR = 50;
/** Pictures one account may upload per ten minutes. */
export const IMAGES_PER_TEN_MINUTES = 20;
/**
 * Wrong passwords for one protected message from one address (decision 0074), and from every
 * address together: a listener mistyping gets plenty, a guesser a few hundred a day at most.
 */
export const FAILED_UNLOCKS_PER_MESSAGE_AND_CLIENT_PER_FIFTEEN_MINUTES = 10;
export const FAILED_UNLOCKS_PER_MESSAGE_PER_HOUR = 100;
/** Failures for one account from every address together. */
export const FAILED_SIGN_INS_PER_ACCOUNT_PER_DAY = 200;
/**
 * Email changes asked for (each mails a confirmation to the new address): per account, and per
 * address asked for, so neither one account nor many together make the server mail one
 * address over and over (issue 23, finding 4: 20 asks sent 20 mails).
 */
export const EMAIL_CHANGES_PER_ACCOUNT_PER_HOUR = 5;
export const EMAIL_CHANGES_PER_ADDRESS_PER_DAY = 3;
/** "Send the link again" for a new account's address (the sign-up's own mail is not counted). */
export const ADDRESS_CONFIRMATIONS_PER_ACCOUNT_PER_DAY = 5;
/** Personal API tokens one account may make a day (each is a new credential; MAX_API_TOKENS caps those held). */
export const API_TOKENS_PER_ACCOUNT_PER_DAY = 20;
/** Webhooks made or test events sent per account an hour: each makes the server call out. */
export const WEBHOOK_CHANGES_PER_ACCOUNT_PER_HOUR = 30;
/** Team invite mails: one per invited address a day, whoever sends it, and a cap per owner (finding 11). */
export const TEAM_INVITES_PER_ADDRESS_PER_DAY = 1;
export const TEAM_INVITES_PER_OWNER_PER_DAY = 50;
/**
 * Answer mails (decision 0065): per owner, and per owner and address, so no owner can have the
 * server mail one address over and over, whatever that address once typed into a form.
 */
export const ANSWER_MAILS_PER_OWNER_PER_HOUR = 30;
export const ANSWER_MAILS_PER_RECIPIENT_PER_DAY = 10;
/**
 * Coupon codes that turned out not to exist: per client address, and from everyone together,
 * since fresh accounts each bring the per-account tries anew (finding 12: three accounts
 * guessed a short code in 64 tries).
 */
export const FAILED_COUPONS_PER_CLIENT_PER_HOUR = 20;
export const FAILED_COUPONS_PER_HOUR = 500;

/**
 * Every limit of the API. What one visitor may do is counted per client address (and per
 * sender email for the contact form); `visitorPerTenMinutes` is VISITOR_RATE_LIMIT, and
 * uploads get twice as many, since the recorder retries an upload that did not get through.
 * Sign-ins are throttled per (email, client address) pair with a growing wait, so a guesser
 * elsewhere never locks the owner out; failures are also capped per address across all
 * emails, and per account across all addresses (a ceiling against guessing from many
 * addresses, which the account's known clients pass). docs/decisions/0012-account-hardening.md.
 */
export function createApiLimits(
  rateLimits: RateLimits,
  options: { visitorPerTenMinutes: number; signInsPerMinute: number; handoffsPerTenMinutes: number },
) {
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
    /** Pictures (avatars, logos) one account may upload: a person changes them a few times, not hundreds. */
    images: perTenMinutes('account-images', IMAGES_PER_TEN_MINUTES),
    reencodes: perTenMinutes('reencodes-per-user', REENCODES_PER_USER_PER_TEN_MINUTES),
    /** Recording handoffs one address may create (HANDOFF_RATE_LIMIT): Apps Script calls from Google's shared addresses. */
    recordingHandoffs: perTenMinutes('recording-handoffs', options.handoffsPerTenMinutes),
    signIns: rateLimits.limiter('sign-ins', { limit: options.signInsPerMinute, windowMs: 60_000 }),
    signInBackoff: rateLimits.backoff('sign-in-backoff', SIGN_IN_BACKOFF),
    failedSignInsPerClient: rateLimits.limiter('failed-sign-ins-per-client', {
      limit: FAILED_SIGN_INS_PER_CLIENT_PER_HOUR,
      windowMs: HOUR_MS,
    }),
    failedUnlocksPerClient: rateLimits.limiter('failed-message-unlocks-per-client', {
      limit: FAILED_UNLOCKS_PER_MESSAGE_AND_CLIENT_PER_FIFTEEN_MINUTES,
      windowMs: 15 * 60_000,
    }),
    failedUnlocksPerMessage: rateLimits.limiter('failed-message-unlocks-per-message', {
      limit: FAILED_UNLOCKS_PER_MESSAGE_PER_HOUR,
      windowMs: HOUR_MS,
    }),
    failedSignInsPerAccount: rateLimits.limiter('failed-sign-ins-per-account', {
      limit: FAILED_SIGN_INS_PER_ACCOUNT_PER_DAY,
      windowMs: DAY_MS,
    }),
    emailChangesPerAccount: rateLimits.limiter('email-changes-per-account', {
      limit: EMAIL_CHANGES_PER_ACCOUNT_PER_HOUR,
      windowMs: HOUR_MS,
    }),
    emailChangesPerAddress: rateLimits.limiter('email-changes-per-address', { limit: EMAIL_CHANGES_PER_ADDRESS_PER_DAY, windowMs: DAY_MS }),
    addressConfirmationsPerAccount: rateLimits.limiter('address-confirmations-per-account', {
      limit: ADDRESS_CONFIRMATIONS_PER_ACCOUNT_PER_DAY,
      windowMs: DAY_MS,
    }),
    apiTokensPerAccount: rateLimits.limiter('api-tokens-per-account', { limit: API_TOKENS_PER_ACCOUNT_PER_DAY, windowMs: DAY_MS }),
    webhookChangesPerAccount: rateLimits.limiter('webhook-changes-per-account', {
      limit: WEBHOOK_CHANGES_PER_ACCOUNT_PER_HOUR,
      windowMs: HOUR_MS,
    }),
    teamInvitesPerAddress: rateLimits.limiter('team-invites-per-address', { limit: TEAM_INVITES_PER_ADDRESS_PER_DAY, windowMs: DAY_MS }),
    teamInvitesPerOwner: rateLimits.limiter('team-invites-per-owner', { limit: TEAM_INVITES_PER_OWNER_PER_DAY, windowMs: DAY_MS }),
    answerMailsPerOwner: rateLimits.limiter('answer-mails-per-owner', { limit: ANSWER_MAILS_PER_OWNER_PER_HOUR, windowMs: HOUR_MS }),
    answerMailsPerRecipient: rateLimits.limiter('answer-mails-per-recipient', {
      limit: ANSWER_MAILS_PER_RECIPIENT_PER_DAY,
      windowMs: DAY_MS,
    }),
    failedCouponsPerClient: rateLimits.limiter('failed-coupons-per-client', {
      limit: FAILED_COUPONS_PER_CLIENT_PER_HOUR,
      windowMs: HOUR_MS,
    }),
    failedCoupons: rateLimits.limiter('failed-coupons', { limit: FAILED_COUPONS_PER_HOUR, windowMs: HOUR_MS }),
    /**
     * (email, address) pairs answered "no account yet" in the last hour: a sign-up of that email
     * from that address then gives the lookup back to the address's failure count, or one office
     * of new people signing up through the login page would lock its 51st out.
     */
    noAccountAnswers: rateLimits.limiter('no-account-answers', { limit: 1, windowMs: HOUR_MS }),
    /** (email, address) pairs that signed in lately; the per-account ceiling lets them through. */
    knownSignInClients: rateLimits.limiter('known-sign-in-clients', { limit: 1, windowMs: 30 * DAY_MS }),
  };
}

export type ApiLimits = ReturnType<typeof createApiLimits>;

/** Counts one attempt for `key`; over the limit, a 429 whose message says what and how long. */
export async function countAttempt(limiter: RateLimiter, key: string, what: string): Promise<void> {
  const wait = await limiter.hit(key);
  if (wait) throw tooManyRequests(`Too many ${what}. Try again in ${wait} seconds.`, wait);
}
