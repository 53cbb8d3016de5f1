import { describe, expect, it } from 'vitest';
import { popupHostOfQuery, popupHostOfRecordPath } from './popup-host-of.ts';

describe('which host a window is for', () => {
  it('reads the record window’s path, Front’s second path included', () => {
    expect(popupHostOfRecordPath('/record/zendesk').platform).toBe('zendesk');
    expect(popupHostOfRecordPath('/integration/front').platform).toBe('front-app');
    expect(popupHostOfRecordPath('/teams/record').name).toBe('Teams');
    expect(() => popupHostOfRecordPath('/record/outlook')).toThrow();
  });

  it('reads the sign-in window’s ?host=, and nothing else', () => {
    expect(popupHostOfQuery('?host=zoho-mail')?.name).toBe('Zoho Mail');
    expect(popupHostOfQuery('host=front-app&email=a%40b.co')?.platform).toBe('front-app');
    expect(popupHostOfQuery('?host=outlook')).toBeNull();
    expect(popupHostOfQuery('?host=toString')).toBeNull();
    expect(popupHostOfQuery('')).toBeNull();
  });
});
