import { z } from 'zod';
import { ZOHO_WIDGET_LOCATIONS, type ZohoWidgetLocation } from '../host/zoho-sigma.ts';

const locationSchema = z.enum(ZOHO_WIDGET_LOCATIONS);

/**
 * Where Zoho Mail opened the widget: the package's launcher pages name it in `?location=`.
 * Anything else (the page opened by hand) is the widget panel, Zoho's main place for widgets.
 */
export function widgetLocation(search: string): ZohoWidgetLocation {
  return locationSchema.safeParse(new URLSearchParams(search).get('location')).data ?? 'zoho.mail.preview.rightpanel';
}
