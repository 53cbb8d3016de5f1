import { ERROR_REPORTING } from '../constants.ts';

const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;
// A JWT (the access token's form) or a bearer credential named as such.
const JWT = /\beyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/g;
const BEARER = /\b(bearer\s+)[\w.~+/-]+=*/gi;

/** A text with email addresses and tokens masked, cut to the spec's 500-character value limit. */
export function scrubText(text: string): string {
  const masked = text.replace(EMAIL, '[email]').replace(JWT, '[token]').replace(BEARER, '$1[token]');
  return masked.length > ERROR_REPORTING.maxValueLength ? `${masked.slice(0, ERROR_REPORTING.maxValueLength - 1)}…` : masked;
}

/**
 * A copy of an event payload with every string scrubbed (spec section 9: values cut at 500
 * characters), and at most the spec's 100 breadcrumbs, the newest. It runs on every payload
 * as it is put in an envelope, so no path around it exists.
 */
export function scrubEvent<Payload>(payload: Payload): Payload {
  const scrubbed = scrubValue(payload) as Payload & { breadcrumbs?: { values: unknown[] } };
  if (scrubbed.breadcrumbs) scrubbed.breadcrumbs.values = scrubbed.breadcrumbs.values.slice(-ERROR_REPORTING.maxBreadcrumbs);
  return scrubbed;
}

function scrubValue(value: unknown): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (Array.isArray(value)) return value.map(scrubValue);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, scrubValue(inner)]));
  }
  return value;
}
