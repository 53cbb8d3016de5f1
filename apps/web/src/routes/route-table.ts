import type { ComponentType } from 'react';
import { z } from 'zod';
import { hostAppIdSchema, recordingHandoffIdSchema, recordingIdSchema } from '@vocal/settings-model';
import { POPUP_HOSTS, SIGN_IN_WINDOW_PATH } from '@vocal/host-shell/popup-hosts';

export type LayoutName = 'basic' | 'dashboard' | 'default' | 'none';

export type PageModule = { default: ComponentType };

export type RouteDefinition = {
  /** A stable name, for tests and analytics. */
  name: string;
  /** Every path that shows this page (the spec's "also" paths included), wouter patterns. */
  paths: string[];
  layout: LayoutName;
  /** The route's title; without one the last path segment in words is used (spec section 2). */
  title?: string;
  /** Signed-in users only: others are sent to /login and brought back. */
  requiresAuth?: boolean;
  /** Checks the path parameters; a failure is a 404 "Page Not Found" (spec section 5). */
  params?: z.ZodType;
  page: () => Promise<PageModule>;
};

const recordingParams = z.object({ id: recordingIdSchema });
const publicIdParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/**
 * The spec's route table (section 2), in its order, plus a few pages of our own (sign-up,
 * password reset, the hosts' windows). A spec path whose screen lives elsewhere (Outlook's
 * dialog.html; /teams, which the server sends to the Teams app's tab; the Zoho Mail widget, in
 * its own package) or needs what this server lacks (a Canny key) has no entry here: in the app
 * it is the real 404 page, and nothing links to it. The dashboard children
 * share the dashboard layout; pages load on demand so a listener downloads only the listen page.
 */
export const ROUTES: RouteDefinition[] = [
  {
    name: 'settings',
    paths: ['/settings'],
    layout: 'dashboard',
    title: 'Settings',
    requiresAuth: true,
    page: () => import('../pages/settings-page.tsx'),
  },
  {
    name: 'analytics',
    paths: ['/analytics/:id'],
    layout: 'dashboard',
    title: 'Analytics',
    requiresAuth: true,
    params: recordingParams,
    page: () => import('../analytics/analytics-page.tsx'),
  },
  {
    name: 'recordings',
    paths: ['/recordings', '/'],
    layout: 'dashboard',
    title: 'Recordings',
    requiresAuth: true,
    page: () => import('../inbox/inbox-page.tsx'),
  },
  {
    name: 'integrations',
    paths: ['/integrations'],
    layout: 'dashboard',
    title: 'Integrations',
    requiresAuth: true,
    page: () => import('../pages/integrations-page.tsx'),
  },
  // One host app's page: what it needs of this server, and its install steps.
  {
    name: 'integration-host',
    paths: ['/integrations/:host'],
    layout: 'dashboard',
    title: 'Integrations',
    requiresAuth: true,
    params: z.object({ host: hostAppIdSchema }),
    page: () => import('../pages/integration-host-page.tsx'),
  },
  {
    name: 'profile-settings',
    paths: ['/settings/profile'],
    layout: 'dashboard',
    title: 'Profile',
    requiresAuth: true,
    page: () => import('../settings/profile-page.tsx'),
  },
  {
    name: 'listen-page-settings',
    paths: ['/settings/listen-page'],
    layout: 'dashboard',
    title: 'Listen page',
    requiresAuth: true,
    page: () => import('../settings/listen-page-settings-page.tsx'),
  },
  {
    name: 'contact-form-settings',
    paths: ['/settings/form'],
    layout: 'dashboard',
    title: 'Contact Form',
    requiresAuth: true,
    page: () => import('../pages/contact-form-settings-page.tsx'),
  },
  {
    name: 'collect-settings',
    paths: ['/settings/collect'],
    layout: 'dashboard',
    title: 'Collections',
    requiresAuth: true,
    page: () => import('../pages/collect-settings-page.tsx'),
  },
  {
    name: 'signature-settings',
    paths: ['/settings/signature'],
    layout: 'dashboard',
    title: 'Signature',
    requiresAuth: true,
    page: () => import('../settings/signature-page.tsx'),
  },
  {
    name: 'recorder-settings',
    paths: ['/settings/recorder'],
    layout: 'dashboard',
    title: 'Recorder',
    requiresAuth: true,
    page: () => import('../settings/recorder-settings-page.tsx'),
  },
  {
    name: 'notification-settings',
    paths: ['/settings/notifications'],
    layout: 'dashboard',
    title: 'Notifications',
    requiresAuth: true,
    page: () => import('../settings/notifications-page.tsx'),
  },
  {
    name: 'transcript-settings',
    paths: ['/settings/transcripts'],
    layout: 'dashboard',
    title: 'Transcripts',
    requiresAuth: true,
    page: () => import('../settings/transcripts-page.tsx'),
  },
  {
    name: 'api-token-settings',
    paths: ['/settings/api-tokens'],
    layout: 'dashboard',
    title: 'API tokens',
    requiresAuth: true,
    page: () => import('../settings/api-tokens-page.tsx'),
  },
  {
    name: 'webhook-settings',
    paths: ['/settings/webhooks'],
    layout: 'dashboard',
    title: 'Webhooks',
    requiresAuth: true,
    page: () => import('../settings/webhooks-page.tsx'),
  },
  {
    name: 'team-settings',
    paths: ['/settings/team'],
    layout: 'dashboard',
    title: 'Team',
    requiresAuth: true,
    page: () => import('../teams/team-page.tsx'),
  },
  {
    name: 'custom-domain-settings',
    paths: ['/settings/domain'],
    layout: 'dashboard',
    title: 'Custom domain',
    requiresAuth: true,
    page: () => import('../settings/custom-domain-page.tsx'),
  },
  // Settings → Affiliate: the referral link and its figures (decision 0034).
  {
    name: 'affiliate-settings',
    paths: ['/settings/affiliate'],
    layout: 'dashboard',
    title: 'Affiliate',
    requiresAuth: true,
    page: () => import('../affiliate/affiliate-page.tsx'),
  },
  // A coupon link (/redeem/CODE) fills the field; /redeem alone asks for the code. Any code
  // reaches the page, which shows the server's answer for it.
  {
    name: 'redeem',
    paths: ['/redeem/:code', '/redeem'],
    layout: 'dashboard',
    title: 'Redeem a coupon',
    requiresAuth: true,
    params: z.object({ code: z.string().max(200).optional() }),
    page: () => import('../coupons/redeem-page.tsx'),
  },
  { name: 'login', paths: ['/login'], layout: 'default', title: 'Log in', page: () => import('../pages/login-page.tsx') },
  // Beyond the spec's table: new people's own way in (docs/decisions/0055).
  {
    name: 'signup',
    paths: ['/signup'],
    layout: 'default',
    title: 'Create your account',
    page: () => import('../pages/signup-page.tsx'),
  },
  {
    name: 'forgot-password',
    paths: ['/forgot-password'],
    layout: 'default',
    title: 'Reset your password',
    page: () => import('../pages/forgot-password-page.tsx'),
  },
  // The link of a password-reset mail (its token in the hash).
  {
    name: 'reset-password',
    paths: ['/reset-password'],
    layout: 'default',
    title: 'Choose a new password',
    page: () => import('../pages/reset-password-page.tsx'),
  },
  {
    name: 'account-settings',
    paths: ['/settings/account'],
    layout: 'dashboard',
    title: 'Password & account',
    requiresAuth: true,
    page: () => import('../pages/account-settings-page.tsx'),
  },
  // A notification mail's one-click unsubscribe link lands here, signed in or not.
  {
    name: 'unsubscribe',
    paths: ['/unsubscribe'],
    layout: 'default',
    title: 'Unsubscribe',
    page: () => import('../settings/unsubscribe-page.tsx'),
  },
  { name: 'listen', paths: ['/listen/:id'], layout: 'none', params: recordingParams, page: () => import('../listen/listen-page.tsx') },
  { name: 'collect', paths: ['/collect/:id'], layout: 'none', params: publicIdParams, page: () => import('../pages/collect-page.tsx') },
  {
    name: 'upgrade',
    paths: ['/upgrade', '/payment'],
    layout: 'dashboard',
    title: 'Your plan',
    requiresAuth: true,
    page: () => import('../pages/plan-page.tsx'),
  },
  {
    name: 'payments',
    paths: ['/settings/payments'],
    layout: 'dashboard',
    title: 'Payment History',
    requiresAuth: true,
    page: () => import('../billing/payments-page.tsx'),
  },
  // Where Stripe Checkout returns: in the checkout popup it reports to the opener and closes.
  {
    name: 'payment-success',
    paths: ['/static/payment-success'],
    layout: 'basic',
    title: 'Payment received',
    page: () => import('../billing/payment-success-page.tsx'),
  },
  { name: 'auth', paths: ['/auth'], layout: 'basic', title: 'Signing in', page: () => import('../pages/auth-landing-page.tsx') },
  {
    name: 'record',
    paths: ['/record'],
    layout: 'none',
    title: 'Record',
    requiresAuth: true,
    page: () => import('../pages/record-page.tsx'),
  },
  // The record window of each host without a dialog API of its own (Outlook's is its
  // add-in's dialog.html): opened by the host's panel, the session lent by postMessage.
  ...Object.values(POPUP_HOSTS).map((info): RouteDefinition => ({
    name: `record-window-${info.platform}`,
    paths: [...info.recordPaths],
    layout: 'none',
    title: info.title,
    page: () => import('../host-windows/record-window-page.tsx'),
  })),
  // The Gmail add-on's recorder (apps/google-docs): a card opens it on the phone with a
  // one-time code; the message goes back to the card through the code.
  {
    name: 'record-gmail',
    paths: ['/record/gmail/:id', '/gmail-record/:id'],
    layout: 'none',
    title: 'Recording in Gmail',
    requiresAuth: true,
    params: z.object({ id: recordingHandoffIdSchema }),
    page: () => import('../host-windows/gmail-record-page.tsx'),
  },
  // A host panel's recorder in a browser tab (Front, Teams on phones, Meet and Zoho Mail with
  // pop-ups blocked): opened through the host with a one-time handoff; the panel claims the message.
  {
    name: 'record-handoff',
    paths: ['/record/handoff/:id'],
    layout: 'none',
    title: 'Record a voice message',
    requiresAuth: true,
    params: z.object({ id: recordingHandoffIdSchema }),
    page: () => import('../host-windows/handoff-record-page.tsx'),
  },
  // The Google Docs add-on's sidebar frames this page (?handoff=<code>); its session lives in
  // the page's memory, as in every host's frame.
  {
    name: 'record-google-workspace',
    paths: ['/record/google-workspace'],
    layout: 'none',
    title: 'Recording in Google Docs',
    page: () => import('../host-windows/google-workspace-page.tsx'),
  },
  // Those hosts' sign-in window (?host=zendesk): the tokens go back to the panel that opened it.
  {
    name: 'host-sign-in-window',
    paths: [SIGN_IN_WINDOW_PATH],
    layout: 'none',
    title: 'Sign in',
    page: () => import('../host-windows/sign-in-window-page.tsx'),
  },
  // The share link of an account (its inviteLink) records a message to its owner: the
  // owner's contact form, found by the same code.
  {
    name: 'record-share',
    paths: ['/record/share/:id'],
    layout: 'none',
    params: publicIdParams,
    page: () => import('../pages/contact-form-page.tsx'),
  },
  {
    name: 'contact-form',
    paths: ['/contact-form/:id'],
    layout: 'none',
    params: publicIdParams,
    page: () => import('../pages/contact-form-page.tsx'),
  },
  // An invite mail's link (decision 0033); /join alone asks for the code. The page itself
  // tells an unknown or mistyped code, so any code reaches it.
  {
    name: 'join',
    paths: ['/join/:code', '/join'],
    layout: 'none',
    title: 'Join a team',
    params: z.object({ code: z.string().max(200).optional() }),
    page: () => import('../teams/join-page.tsx'),
  },
  {
    name: 'unsupported-browser',
    paths: ['/static/unsupported-browser'],
    layout: 'basic',
    page: () => import('../pages/unsupported-browser-page.tsx'),
  },
];
