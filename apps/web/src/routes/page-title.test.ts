import { describe, expect, it } from 'vitest';
import { documentTitle, errorTitle, pageTitleFor, segmentToTitle } from './page-title.ts';

describe('page titles (spec section 2)', () => {
  it('turns the last path segment into words, small words lowercase', () => {
    expect(segmentToTitle('unsupported-browser')).toBe('Unsupported Browser');
    expect(segmentToTitle('the-state-of-the-art')).toBe('The State of the Art');
    expect(segmentToTitle('payment-success')).toBe('Payment Success');
    expect(pageTitleFor('/static/canny-redirect')).toBe('Canny Redirect');
    expect(pageTitleFor('/integrations?tab=x')).toBe('Integrations');
  });

  it("prefers the route's own title", () => {
    expect(pageTitleFor('/settings/payments', 'Payment History')).toBe('Payment History');
  });

  it('titles errors with the status code and its message', () => {
    expect(errorTitle(404, 'Page not found')).toBe('404 Page not found');
    expect(errorTitle(500, 'Something went wrong')).toBe('500 Something went wrong');
  });

  it('writes page title, separator, site name', () => {
    expect(documentTitle('Recordings')).toBe('Recordings · Vocal');
    expect(documentTitle('')).toBe('Vocal');
  });
});
