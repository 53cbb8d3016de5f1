import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { serialize } from 'hono/utils/cookie';
import { createMiddleware } from 'hono/factory';
import type { Logger } from '../logger.ts';
import type { AffiliateService } from '../billing/affiliate-service.ts';
import type { AppEnv } from './app-env.ts';
import { clientAddress } from './client-address.ts';
import { setResponseHeader } from './response-headers.ts';

/** The first-party cookie that remembers who referred a visitor, until they sign up. */
export const REFERRAL_COOKIE = 'vocal_ref';
export const REFERRAL_COOKIE_DAYS = 60;

/** The referral code a sign-up request carries in its cookie, if any. */
export const referralCodeOf = (context: Context) => getCookie(context, REFERRAL_COOKIE);

/**
 * `?ref=CODE` on any page the web app or a listen page answers: the visit is counted for the
 * code's owner and the code kept in a cookie for 60 days, which sign-up reads. Requests without
 * `ref=` in their address cost one substring test (the listen path's hot loop stays as it was);
 * API calls, files and anything not an HTML page are left alone.
 */
export function referralCookie(options: { affiliates: AffiliateService; secure: boolean; trustProxy: boolean; logger: Logger }) {
  return createMiddleware<AppEnv>(async (context, next) => {
    await next();
    if (!context.req.url.includes('ref=') || context.req.method !== 'GET') return;
    if (context.req.path.startsWith('/api/') || context.res.status !== 200) return;
    if (!context.res.headers.get('content-type')?.startsWith('text/html')) return;
    const code = context.req.query('ref');
    if (!code) return;
    let kept: string | null;
    try {
      kept = await options.affiliates.click(code, { address: clientAddress(context, options.trustProxy) });
    } catch (error) {
      // The page still goes out: a referral not counted is no reason to fail someone's visit.
      options.logger.warn('A referral click could not be counted', {
        requestId: context.get('requestId'),
        error: error instanceof Error ? error.message : String(error),
      });
      return;
    }
    if (!kept) return;
    const cookie = serialize(REFERRAL_COOKIE, kept, {
      path: '/',
      maxAge: REFERRAL_COOKIE_DAYS * 24 * 60 * 60,
      httpOnly: true,
      sameSite: 'Lax',
      secure: options.secure,
    });
    setResponseHeader(context, 'set-cookie', cookie, { append: true });
  });
}
