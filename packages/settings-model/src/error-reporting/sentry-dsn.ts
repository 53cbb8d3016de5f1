import { z } from 'zod';

/**
 * A Sentry DSN taken apart: {protocol}://{publicKey}@{host}{/path prefix}/{projectId}. The
 * public key is no secret (Sentry's browser SDK ships it in every page); it only says which
 * project an envelope belongs to.
 */
export type SentryDsn = {
  /** The DSN as configured, put in each envelope's header. */
  dsn: string;
  publicKey: string;
  projectId: string;
  /** scheme://host[:port], what a page's connect-src must allow. */
  origin: string;
  /** Where envelopes are POSTed: {origin}{prefix}/api/{projectId}/envelope/. */
  envelopeUrl: string;
};

/** The DSN's parts, or a sentence saying what is wrong with it. */
export function parseSentryDsn(text: string): SentryDsn | string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return 'must be a URL such as https://<key>@<host>/<project id>';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must start with https:// or http://';
  if (!url.username) return 'must name the public key before the @ (https://<key>@<host>/<project id>)';
  if (url.search || url.hash) return 'must not carry a query or a fragment';
  const segments = url.pathname.split('/').filter(Boolean);
  const projectId = segments.pop();
  if (!projectId || !/^\d+$/.test(projectId)) return 'must end with the numeric project id (https://<key>@<host>/<project id>)';
  const prefix = segments.length ? `/${segments.join('/')}` : '';
  return {
    dsn: text.trim(),
    publicKey: decodeURIComponent(url.username),
    projectId,
    origin: url.origin,
    envelopeUrl: `${url.origin}${prefix}/api/${projectId}/envelope/`,
  };
}

/** A DSN in configuration or on the wire, parsed; its problems are validation errors. */
export const sentryDsnSchema = z.string().transform((text, context): SentryDsn => {
  const parsed = parseSentryDsn(text);
  if (typeof parsed === 'string') {
    context.addIssue({ code: 'custom', message: parsed });
    return z.NEVER;
  }
  return parsed;
});

/** The sentry_version this code speaks (the envelope endpoint's protocol version). */
const SENTRY_PROTOCOL_VERSION = '7';

/**
 * The envelope endpoint with the key in its query, for browsers: a plain text POST with no
 * custom header needs no CORS preflight, so sendBeacon and keepalive fetch can carry it.
 */
export function envelopeUrlWithKey(dsn: SentryDsn): string {
  const query = new URLSearchParams({ sentry_key: dsn.publicKey, sentry_version: SENTRY_PROTOCOL_VERSION });
  return `${dsn.envelopeUrl}?${query}`;
}

/** The X-Sentry-Auth header a server sends with each envelope. */
export function sentryAuthHeader(dsn: SentryDsn, client: string): string {
  return `Sentry sentry_version=${SENTRY_PROTOCOL_VERSION}, sentry_key=${dsn.publicKey}, sentry_client=${client}`;
}
