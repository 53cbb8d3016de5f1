import type { ComponentType } from 'react';
import { z } from 'zod';
import { recordingIdSchema } from '@vocal/settings-model';

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
const codeParams = z.object({
  code: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
});
const publicIdParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

const planned = (name: string) => () => import('../pages/planned-page.tsx').then((module) => ({ default: module.plannedPage(name) }));

/**
 * The spec's route table (section 2), in its order. The dashboard children share the
 * dashboard layout; pages load on demand so a listener downloads only the listen page.
 */
export const ROUTES: RouteDefinition[] = [
  { name: 'join', paths: ['/join', '/join/:code'], layout: 'none', params: codeParams, page: planned('Join a team') },
  {
    name: 'redeem',
    paths: ['/redeem', '/redeem/:code'],
    layout: 'dashboard',
    requiresAuth: true,
    params: codeParams,
    page: planned('Redeem a coupon'),
  },
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
    page: planned('Analytics'),
  },
  {
    name: 'recordings',
    paths: ['/recordings', '/'],
    layout: 'dashboard',
    title: 'Recordings',
    requiresAuth: true,
    page: () => import('../inbox/inbox-page.tsx'),
  },
  { name: 'integrations', paths: ['/integrations'], layout: 'dashboard', requiresAuth: true, page: planned('Integrations') },
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
    name: 'payments',
    paths: ['/settings/payments'],
    layout: 'dashboard',
    title: 'Payment History',
    requiresAuth: true,
    page: planned('Payment History'),
  },
  { name: 'login', paths: ['/login'], layout: 'default', title: 'Log in', page: () => import('../pages/login-page.tsx') },
  { name: 'listen', paths: ['/listen/:id'], layout: 'none', params: recordingParams, page: () => import('../listen/listen-page.tsx') },
  { name: 'collect', paths: ['/collect/:id'], layout: 'none', params: publicIdParams, page: () => import('../pages/collect-page.tsx') },
  { name: 'upgrade', paths: ['/payment', '/upgrade'], layout: 'default', title: 'Upgrade', requiresAuth: true, page: planned('Upgrade') },
  { name: 'auth', paths: ['/auth'], layout: 'basic', title: 'Signing in', page: () => import('../pages/auth-landing-page.tsx') },
  { name: 'teams', paths: ['/teams', '/teams/record'], layout: 'none', page: planned('Teams') },
  { name: 'embed-player', paths: ['/embed/player/:id'], layout: 'none', params: recordingParams, page: planned('Player') },
  {
    name: 'record-front',
    paths: ['/record/front', '/integration/front'],
    layout: 'none',
    title: 'Recording now',
    page: planned('Recording now'),
  },
  {
    name: 'record-gmail',
    paths: ['/record/gmail/:id', '/gmail-record/:id'],
    layout: 'none',
    params: publicIdParams,
    page: planned('Recording'),
  },
  {
    name: 'record',
    paths: ['/record'],
    layout: 'none',
    title: 'Record',
    requiresAuth: true,
    page: () => import('../pages/record-page.tsx'),
  },
  { name: 'record-share', paths: ['/record/share/:id'], layout: 'none', params: publicIdParams, page: planned('Record a message') },
  { name: 'record-outlook', paths: ['/record/outlook', '/outlook'], layout: 'none', page: planned('Recording in Outlook') },
  { name: 'record-zendesk', paths: ['/record/zendesk'], layout: 'none', page: planned('Recording in Zendesk') },
  { name: 'record-google-workspace', paths: ['/record/google-workspace'], layout: 'none', page: planned('Recording in Google Workspace') },
  { name: 'addons', paths: ['/addons/meet', '/addons/zoho', '/addons/zoho/record'], layout: 'none', page: planned('Add-on') },
  {
    name: 'contact-form',
    paths: ['/contact-form/:id'],
    layout: 'none',
    params: publicIdParams,
    page: () => import('../pages/contact-form-page.tsx'),
  },
  { name: 'canny-redirect', paths: ['/static/canny-redirect'], layout: 'basic', title: 'Redirecting', page: planned('Redirecting') },
  { name: 'payment-success', paths: ['/static/payment-success'], layout: 'basic', page: planned('Payment Success') },
  {
    name: 'unsupported-browser',
    paths: ['/static/unsupported-browser'],
    layout: 'basic',
    page: () => import('../pages/unsupported-browser-page.tsx'),
  },
];
