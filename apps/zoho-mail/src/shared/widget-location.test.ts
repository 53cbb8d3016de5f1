import { describe, expect, it } from 'vitest';
import { vocalServer, widgetLocation } from './widget-location.ts';

/** A page of the package whose head names `location`. */
function pageNaming(location: string | null) {
  const page = document.implementation.createHTMLDocument('Vocal');
  if (location !== null) page.head.innerHTML = `<meta name="vocal-widget-location" content="${location}">`;
  return page;
}

describe('the widget’s location', () => {
  it('is the one its page names', () => {
    expect(widgetLocation(pageNaming('zoho.mail.attachment.popup'))).toBe('zoho.mail.attachment.popup');
    expect(widgetLocation(pageNaming('zoho.mail.preview.rightpanel'))).toBe('zoho.mail.preview.rightpanel');
  });

  it('is the widget panel when none, or one Zoho Mail does not have, is named', () => {
    expect(widgetLocation(pageNaming(null))).toBe('zoho.mail.preview.rightpanel');
    expect(widgetLocation(pageNaming('zoho.mail.compose'))).toBe('zoho.mail.preview.rightpanel');
  });
});

describe('the server the package talks to', () => {
  it('is the one the package names, as an origin', () => {
    expect(vocalServer('https://vocal.example.com', 'https://x.zappsusercontent.com')).toBe('https://vocal.example.com');
    expect(vocalServer('https://vocal.example.com/', 'https://x.zappsusercontent.com')).toBe('https://vocal.example.com');
  });

  it('is the page’s own origin where the package names none (the development server)', () => {
    expect(vocalServer('%PUBLIC_URL%', 'http://localhost:5178')).toBe('http://localhost:5178');
    expect(vocalServer(undefined, 'http://localhost:5178')).toBe('http://localhost:5178');
    expect(vocalServer('not a url', 'http://localhost:5178')).toBe('http://localhost:5178');
  });
});
