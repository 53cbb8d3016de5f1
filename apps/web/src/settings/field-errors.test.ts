import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors.ts';

describe('fieldErrors', () => {
  it("puts each of the server's problems on its field and keeps the rest", () => {
    expect(
      fieldErrors('listenPage.cta.link: must be an http or https URL; themes.4.primary: must be a colour; Too many requests', 'listenPage'),
    ).toEqual({ byField: { 'cta.link': 'must be an http or https URL' }, rest: 'themes.4.primary: must be a colour; Too many requests' });
  });

  it('has no rest when every problem has a field', () => {
    expect(fieldErrors('contactForm.strings.title: must be at most 200 characters', 'contactForm')).toEqual({
      byField: { 'strings.title': 'must be at most 200 characters' },
      rest: null,
    });
  });
});
