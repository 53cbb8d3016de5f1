import { describe, expect, it } from 'vitest';
import { carrySessionAcrossReload, takeCarriedSession } from './session-across-reload.ts';

describe('the session across the reload of a first microphone grant', () => {
  it('comes back once, and is gone from storage as soon as it is read', () => {
    carrySessionAcrossReload(window.sessionStorage, { accessToken: 'access', refreshToken: 'refresh' });
    expect(takeCarriedSession(window.sessionStorage)).toEqual({ accessToken: 'access', refreshToken: 'refresh' });
    expect(window.sessionStorage.length).toBe(0);
    expect(takeCarriedSession(window.sessionStorage)).toBeNull();
  });

  it('carries nothing when signed out, and drops what is not a session', () => {
    carrySessionAcrossReload(window.sessionStorage, null);
    expect(window.sessionStorage.length).toBe(0);
    window.sessionStorage.setItem('vocal.outlook.session-across-reload', '{"accessToken": ""}');
    expect(takeCarriedSession(window.sessionStorage)).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
  });
});
