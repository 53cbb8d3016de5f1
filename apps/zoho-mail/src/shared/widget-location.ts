import { z } from 'zod';
import { ZOHO_WIDGET_LOCATIONS, type ZohoWidgetLocation } from '../host/zoho-sigma.ts';

const locationSchema = z.enum(ZOHO_WIDGET_LOCATIONS);

/**
 * Where Zoho Mail opened the widget: each page of the package names its location in
 * `<meta name="vocal-widget-location">` (one page per location in plugin-manifest.json).
 * Anything else is the widget panel, Zoho's main place for widgets.
 */
export function widgetLocation(page: Pick<Document, 'querySelector'>): ZohoWidgetLocation {
  const named = page.querySelector('meta[name="vocal-widget-location"]')?.getAttribute('content');
  return locationSchema.safeParse(named).data ?? 'zoho.mail.preview.rightpanel';
}

/**
 * The Vocal server the package talks to, as `app/server.js` names it (the server fills in its
 * public URL as it makes the package). Unfilled (the development server) it is this page's own
 * origin, whose /api Vite proxies.
 */
export function vocalServer(named: unknown, pageOrigin: string): string {
  if (typeof named !== 'string' || named.includes('%')) return pageOrigin;
  try {
    return new URL(named).origin;
  } catch {
    return pageOrigin;
  }
}
