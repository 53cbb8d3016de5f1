import { randomBytes } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env.ts';
import { hostAppPolicyOf } from './host-app-policies.ts';
import { setResponseHeader } from './response-headers.ts';

// Every browser feature a page of ours never uses is switched off, for the page and its frames.
const UNUSED_FEATURES = ['camera=()', 'geolocation=()', 'payment=()', 'usb=()', 'serial=()', 'hid=()', 'display-capture=()'];

/**
 * The security headers of every answer (issue 8): nosniff and a referrer policy everywhere,
 * HSTS when the public URL is https, and on pages a Content-Security-Policy and a
 * Permissions-Policy. The policy is strict: scripts only from our origin or carrying this
 * request's nonce (server-rendered pages put it on their script tags), no plugins, no
 * foreign forms or bases. `blob:` scripts are the recorder's held worklet and
 * 'wasm-unsafe-eval' its MP3 encoder. Frame rules stay framePolicy's: its frame-ancestors
 * (or a route's own) is kept and the rest added to it. The microphone is allowed only on
 * pages that record: the app, the listen page (replies) and the host apps; not the embed.
 */
export function securityHeaders(options: { publicUrl: string; fileUrl: string; errorReportingOrigin?: string | null }) {
  const https = options.publicUrl.startsWith('https://');
  // Files come from a bucket's origin (S3) or ours; a custom domain's pages load them from the
  // main origin, which is not 'self' there.
  const origins = new Set([new URL(options.publicUrl).origin, new URL(options.fileUrl, options.publicUrl).origin]);
  const files = [...origins].map((origin) => ` ${origin}`).join('');
  // The web app sends its error reports straight to the DSN's host, when one is configured.
  const reporting = options.errorReportingOrigin ? ` ${options.errorReportingOrigin}` : '';

  const appPolicy = (nonce: string) =>
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}' blob: 'wasm-unsafe-eval'`,
      "worker-src 'self' blob:",
      // The public pages carry their stylesheet inline (a round trip less on a phone's first
      // visit): a <style> with this request's nonce, never a style attribute from markup.
      `style-src 'self' 'nonce-${nonce}'`,
      // Avatars and logos may be any https URL their owner gave (a host's profile picture).
      "img-src 'self' data: blob: https:",
      `media-src 'self' blob:${files}`,
      `connect-src 'self'${files}${reporting}`,
      "font-src 'self' data:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ].join('; ');

  // The host apps run inside Outlook and the other hosts, whose SDKs inject their own styles
  // and talk to their own services; scripts stay limited to us and that host's SDK CDN (office.js
  // for Outlook, which then loads its own parts there; ZAF for Zendesk; SigmaSDK for Zoho).
  const hostAppPolicy = (nonce: string, path: string) =>
    [
      "default-src 'self'",
      ["script-src 'self'", `'nonce-${nonce}'`, 'blob:', "'wasm-unsafe-eval'", ...(hostAppPolicyOf(path)?.scriptSources ?? [])].join(' '),
      "worker-src 'self' blob:",
      "style-src 'self' 'unsafe-inline'",
      'img-src * data: blob:',
      `media-src 'self' blob:${files}`,
      "connect-src 'self' https:",
      'frame-src https:',
      "font-src 'self' data: https:",
      "object-src 'none'",
      "base-uri 'self'",
    ].join('; ');

  return createMiddleware<AppEnv>(async (context, next) => {
    const nonce = nextNonce();
    context.set('cspNonce', nonce);
    await next();
    setResponseHeader(context, 'x-content-type-options', 'nosniff');
    setResponseHeader(context, 'referrer-policy', 'strict-origin-when-cross-origin');
    if (https) setResponseHeader(context, 'strict-transport-security', 'max-age=31536000');
    const type = context.res.headers.get('content-type') ?? '';
    const framing = context.res.headers.get('content-security-policy');
    if (type.startsWith('text/html')) {
      const path = context.req.path;
      const policy = path.startsWith('/hosts/') ? hostAppPolicy(nonce, path) : appPolicy(nonce);
      setResponseHeader(context, 'content-security-policy', framing ? `${policy}; ${framing}` : policy);
      const microphone = path.startsWith('/embed/') ? 'microphone=()' : 'microphone=(self)';
      setResponseHeader(context, 'permissions-policy', [microphone, ...UNUSED_FEATURES].join(', '));
    } else if (!framing && /^application\/([\w.+-]*\+)?json/.test(type)) {
      // An API answer is data: opened as a document, it may run nothing and be framed by no one.
      setResponseHeader(context, 'content-security-policy', "default-src 'none'; frame-ancestors 'none'");
    }
  });
}

/**
 * 16 random bytes per request, cut from a block drawn 256 requests at a time: the same
 * generator's output, without a system call on every request of the listen path.
 */
const NONCE_BYTES = 16;
let nonceBlock = Buffer.alloc(0);
let nonceOffset = 0;
export function nextNonce(): string {
  if (nonceOffset + NONCE_BYTES > nonceBlock.length) {
    nonceBlock = randomBytes(NONCE_BYTES * 256);
    nonceOffset = 0;
  }
  const nonce = nonceBlock.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/** A script tag's nonce attribute for this request's policy. */
export const nonceAttribute = (nonce: string) => ` nonce="${nonce}"`;
