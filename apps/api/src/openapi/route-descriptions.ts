import { API_ROUTE_DESCRIPTIONS } from './api-route-descriptions.ts';
import { COUPON_AFFILIATE_ROUTE_DESCRIPTIONS } from './coupon-affiliate-route-descriptions.ts';
import { BILLING_ROUTE_DESCRIPTIONS } from './billing-route-descriptions.ts';
import type { RouteDescription } from './route-description.ts';
import { SITE_ROUTE_DESCRIPTIONS } from './site-route-descriptions.ts';
import { TEAM_ROUTE_DESCRIPTIONS } from './team-route-descriptions.ts';

/**
 * Every route the document describes, by `METHOD path` as Hono's route table names it; the
 * OpenAPI test holds this to the app's route table both ways.
 */
export const ROUTE_DESCRIPTIONS: Record<string, RouteDescription> = {
  ...API_ROUTE_DESCRIPTIONS,
  ...COUPON_AFFILIATE_ROUTE_DESCRIPTIONS,
  ...BILLING_ROUTE_DESCRIPTIONS,
  ...TEAM_ROUTE_DESCRIPTIONS,
  ...SITE_ROUTE_DESCRIPTIONS,
};
