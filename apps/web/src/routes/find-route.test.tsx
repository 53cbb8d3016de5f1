import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRouter } from 'wouter';
import { findRoute } from './find-route.ts';
import { ROUTES } from './route-table.ts';

const parser = renderHook(() => useRouter()).result.current.parser;
const find = (path: string) => findRoute(path, parser);

describe('the route table (spec section 2)', () => {
  it.each([
    ['/', 'recordings'],
    ['/recordings', 'recordings'],
    ['/login', 'login'],
    ['/signup', 'signup'],
    ['/auth', 'auth'],
    ['/record', 'record'],
    ['/record/share/Ab12', 'record-share'],
    ['/listen/AbCdEf123456', 'listen'],
    ['/integrations', 'integrations'],
    ['/upgrade', 'upgrade'],
    ['/payment', 'upgrade'],
    ['/settings/form', 'contact-form-settings'],
    ['/analytics/AbCdEf123456', 'analytics'],
    ['/settings/domain', 'custom-domain-settings'],
    ['/static/unsupported-browser', 'unsupported-browser'],
    ['/record/zendesk', 'record-window-zendesk'],
    ['/record/front', 'record-window-front-app'],
    ['/integration/front', 'record-window-front-app'],
    ['/record/zoho-mail', 'record-window-zoho-mail'],
    ['/teams/record', 'record-window-ms-teams'],
    ['/hosts-sign-in', 'host-sign-in-window'],
  ])('%s shows %s', (path, name) => {
    const match = find(path);
    expect(match.kind).toBe('page');
    expect(match.kind === 'page' && match.route.name).toBe(name);
  });

  it('gives the join page its code, and takes /join without one', () => {
    const join = find('/join/AbCdEfGhIjKlMnOpQrStUvWxYz012345');
    expect(join.kind === 'page' && [join.route.name, join.params]).toEqual(['join', { code: 'AbCdEfGhIjKlMnOpQrStUvWxYz012345' }]);
    const bare = find('/join');
    expect(bare.kind === 'page' && bare.route.name).toBe('join');
    const team = find('/settings/team');
    expect(team.kind === 'page' && team.route.name).toBe('team-settings');
  });

  it('gives the redeem page the code of a coupon link, and takes /redeem without one', () => {
    const linked = find('/redeem/LAUNCH30');
    expect(linked.kind === 'page' && [linked.route.name, linked.params]).toEqual(['redeem', { code: 'LAUNCH30' }]);
    const bare = find('/redeem');
    expect(bare.kind === 'page' && bare.route.name).toBe('redeem');
    const affiliate = find('/settings/affiliate');
    expect(affiliate.kind === 'page' && affiliate.route.name).toBe('affiliate-settings');
  });

  it('gives the billing pages their routes', () => {
    const payments = find('/settings/payments');
    expect(payments.kind === 'page' && [payments.route.name, payments.route.title]).toEqual(['payments', 'Payment History']);
    const success = find('/static/payment-success');
    expect(success.kind === 'page' && success.route.name).toBe('payment-success');
  });

  it('gives the listen page its id', () => {
    const match = find('/listen/AbCdEf123456');
    expect(match.kind === 'page' && match.params).toEqual({ id: 'AbCdEf123456' });
  });

  it.each([
    ['/record/outlook', 'the Outlook add-in records in its own dialog.html'],
    ['/outlook', 'the Outlook add-in records in its own dialog.html'],
    ['/teams', "the server sends it to the Teams app's tab before the app loads"],
    ['/addons/zoho/record', 'the Zoho Mail widget lives in its package and records through /record/handoff/:id'],
    ['/static/canny-redirect', 'this server has no Canny key to redirect with'],
  ])('%s is the real 404 rather than a placeholder: %s', (path) => {
    expect(find(path)).toEqual({ kind: 'missing' });
  });

  it('gives the Google add-ons their recorder pages, the Gmail one its code', () => {
    const code = 'AbCdEfGhIjKlMnOpQrStUv';
    for (const path of [`/record/gmail/${code}`, `/gmail-record/${code}`]) {
      const match = find(path);
      expect(match.kind === 'page' && [match.route.name, match.params]).toEqual(['record-gmail', { id: code }]);
    }
    expect(find('/gmail-record/x1')).toMatchObject({ kind: 'invalid-params' });
    const panel = find(`/record/handoff/${code}`);
    expect(panel.kind === 'page' && [panel.route.name, panel.route.requiresAuth, panel.params]).toEqual([
      'record-handoff',
      true,
      { id: code },
    ]);
    expect(find('/record/handoff/x1')).toMatchObject({ kind: 'invalid-params' });
    const docs = find('/record/google-workspace');
    expect(docs.kind === 'page' && docs.route.name).toBe('record-google-workspace');
    const window = find('/record/google-workspace/window');
    expect(window.kind === 'page' && window.route.name).toBe('record-window-google-docs');
  });

  it('refuses a malformed id as "Page Not Found" and an unknown path as missing', () => {
    expect(find('/listen/not.an.id')).toMatchObject({ kind: 'invalid-params' });
    expect(find('/listen/x')).toMatchObject({ kind: 'invalid-params' });
    expect(find('/analytics/not.an.id')).toMatchObject({ kind: 'invalid-params' });
    expect(find('/nowhere/at/all')).toEqual({ kind: 'missing' });
  });

  it('titles the routes the spec titles', () => {
    const titles = Object.fromEntries(ROUTES.map((route) => [route.name, route.title]));
    expect(titles).toMatchObject({
      settings: 'Settings',
      recordings: 'Recordings',
      'contact-form-settings': 'Contact Form',
      'collect-settings': 'Collections',
      integrations: 'Integrations',
      analytics: 'Analytics',
      'record-window-front-app': 'Recording now',
    });
  });

  it('uses the layouts the spec names', () => {
    const layouts = Object.fromEntries(ROUTES.map((route) => [route.name, route.layout]));
    expect(layouts).toMatchObject({
      listen: 'none',
      collect: 'none',
      record: 'none',
      'record-share': 'none',
      'record-window-zendesk': 'none',
      'record-window-front-app': 'none',
      'host-sign-in-window': 'none',
      recordings: 'dashboard',
      settings: 'dashboard',
      integrations: 'dashboard',
      upgrade: 'dashboard',
      redeem: 'dashboard',
    });
  });
});
