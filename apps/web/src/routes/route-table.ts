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
const publicIdParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/**
 * The spec's route table (section 2), in its order, holding only pages that are built: a
 * path whose feature does not exist yet (teams, coupons, payments, analytics, the hosts'
 * own record pages) is the real 404 page, and nothing links to it. The dashboard children
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
  { name: 'login', paths: ['/login'], layout: 'default', title: 'Log in', page: () => import('../pages/login-page.tsx') },
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
  { name: 'auth', paths: ['/auth'], layout: 'basic', title: 'Signing in', page: () => import('../pages/auth-landing-page.tsx') },
  {
    name: 'record',
    paths: ['/record'],
    layout: 'none',
    title: 'Record',
    requiresAuth: true,
    page: () => import('../pages/record-page.tsx'),
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
  {
    name: 'unsupported-browser',
    paths: ['/static/unsupported-browser'],
    layout: 'basic',
    page: () => import('../pages/unsupported-browser-page.tsx'),
  },
];
