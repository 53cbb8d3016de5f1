import { describe, expect, it } from 'vitest';
import { widgetLocation } from './widget-location.ts';

describe('the widget’s location', () => {
  it('is the one the launcher named', () => {
    expect(widgetLocation('?location=zoho.mail.attachment.popup&a=1')).toBe('zoho.mail.attachment.popup');
    expect(widgetLocation('?location=zoho.mail.preview.rightpanel')).toBe('zoho.mail.preview.rightpanel');
  });

  it('is the widget panel when none, or one Zoho Mail does not have, is named', () => {
    expect(widgetLocation('')).toBe('zoho.mail.preview.rightpanel');
    expect(widgetLocation('?location=zoho.mail.compose')).toBe('zoho.mail.preview.rightpanel');
  });
});
