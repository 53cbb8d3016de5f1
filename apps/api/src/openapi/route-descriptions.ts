import { API_ROUTE_DESCRIPTIONS } from './api-route-descriptions.ts';
import type { RouteDescription } from './route-description.ts';
import { SITE_ROUTE_DESCRIPTIONS } from './site-route-descriptions.ts';

/**
 * Every route the document describes, by `METHOD path` as Hono's route table names it; the
 * OpenAPI test holds this to the app's route table both ways.
 */
export const ROUTE_DESCRIPTIONS: Record<string, RouteDescription> = { ...API_ROUTE_DESCRIPTIONS, ...SITE_ROUTE_DESCRIPTIONS };
