import { z } from 'zod';
import { BUG_REPORT, DEFAULT_NAMES } from './constants.ts';

/** An absolute http(s) URL. Anything else (javascript:, data:, relative) is refused. */
export const httpUrlSchema = z
  .string()
  .trim()
  .max(2048, { error: 'must be at most 2048 characters' })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { error: 'must be an http or https URL' },
  );

export const emailSchema = z
  .string()
  .trim()
  .max(254, { error: 'must be at most 254 characters' })
  .pipe(z.email({ error: 'must be a valid email address' }))
  .transform((email) => email.toLowerCase());

/** A personalised user name: trimmed, and "You" when empty (spec section 5). */
export const userNameSchema = z
  .string()
  .max(100, { error: 'must be at most 100 characters' })
  .nullish()
  .transform((name) => {
    const trimmed = (name ?? '').trim();
    return trimmed === '' ? DEFAULT_NAMES.you : trimmed;
  });

/** The report-issue text: required, at least 10 characters (spec section 5). */
export const reportIssueTextSchema = z
  .string({ error: 'Required' })
  .trim()
  .min(1, { error: 'Required' })
  .min(BUG_REPORT.minTextLength, {
    error: `Please write at least ${BUG_REPORT.minTextLength} characters`,
  });

/** ISO 8601 timestamps, as the server writes them (Date#toISOString). */
export const isoDateTimeSchema = z.iso.datetime({ offset: true, error: 'must be an ISO date and time' });

/** Recording ids: URL-safe, as issued by get-vocal. */
export const recordingIdSchema = z.string().regex(/^[A-Za-z0-9_-]{6,64}$/, { error: 'must be a recording id' });

export const uuidSchema = z.uuid({ error: 'must be a UUID' });

/**
 * A custom domain for listen links (spec section 9: Pro, via CNAME): a bare host name such
 * as voice.example.com, lowercased; no scheme, port, path or IP address (the last label
 * starts with a letter).
 */
export const hostnameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, { error: 'must be at most 253 characters' })
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/, {
    error: 'must be a host name such as voice.example.com',
  });
