import { describe, expect, it } from 'vitest';
import { credentialsSchema, encodeLoginHash, newPasswordSchema, parseLoginHash, sameOriginPathSchema, tokensSchema } from './tokens.ts';

describe('tokens (spec section 3)', () => {
  it('accepts access_token/refresh_token and camelCase alike', () => {
    expect(tokensSchema.parse({ access_token: 'a', refresh_token: 'r' })).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
    });
    expect(tokensSchema.parse({ accessToken: 'a', refreshToken: 'r' })).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
    });
    expect(tokensSchema.safeParse({ access_token: '', refresh_token: 'r' }).success).toBe(false);
    expect(tokensSchema.safeParse({ access_token: 'a' }).success).toBe(false);
  });

  it('round-trips a login hash, including non-ASCII', () => {
    const hash = encodeLoginHash({ token: 'tök€n', redirect: '/record?x=1' });
    expect(parseLoginHash(`#${hash}`)).toEqual({ token: 'tök€n', redirect: '/record?x=1' });
  });

  it('keeps a login redirect on our origin', () => {
    for (const redirect of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:x']) {
      expect(parseLoginHash(encodeLoginHash({ token: 't', redirect }))?.redirect).toBe('/');
    }
    expect(parseLoginHash(encodeLoginHash({ token: 't' }))?.redirect).toBe('/');
  });

  it('judges a redirect as a browser would, by the URL parser: tabs, newlines and backslashes cannot reach another origin (issue 23, finding 16)', () => {
    for (const redirect of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '\t//evil.example',
      '/\\/evil.example',
      ' //evil.example',
    ]) {
      expect(sameOriginPathSchema.parse(redirect), JSON.stringify(redirect)).toBe('/');
    }
    // A browser would go to evil.example for each of these: the parser agrees.
    expect(new URL('/\t/evil.example', 'https://vocal.example').origin).toBe('https://evil.example');
    expect(sameOriginPathSchema.parse('/record?x=1#top')).toBe('/record?x=1#top');
    expect(sameOriginPathSchema.parse('/settings/profile')).toBe('/settings/profile');
  });

  it('returns null for a hash that is not a login hash', () => {
    expect(parseLoginHash('')).toBeNull();
    expect(parseLoginHash('#not-base64!')).toBeNull();
    expect(parseLoginHash(`#${btoa('{"redirect":"/"}')}`)).toBeNull();
  });

  it('credentials need a valid email and a password of 8 to 200 characters', () => {
    expect(credentialsSchema.parse({ email: 'A@B.co', password: '12345678' }).email).toBe('a@b.co');
    expect(credentialsSchema.safeParse({ email: 'a@b.co', password: 'short' }).success).toBe(false);
    expect(credentialsSchema.safeParse({ email: 'x', password: '12345678' }).success).toBe(false);
    expect(credentialsSchema.safeParse({ email: 'a@b.co', password: 'x'.repeat(201) }).success).toBe(false);
    // Signing in takes any such password, so one chosen before a rule still works.
    expect(credentialsSchema.safeParse({ email: 'a@b.co', password: ' '.repeat(8) }).success).toBe(true);
  });

  it('a new password is 8 to 200 characters and not only spaces', () => {
    expect(newPasswordSchema.safeParse('  a b c  ').success).toBe(true);
    expect(newPasswordSchema.safeParse(' '.repeat(12)).error?.issues[0]?.message).toBe('must not be only spaces');
    expect(newPasswordSchema.safeParse('\t\n  \u00a0   ').success).toBe(false);
    expect(newPasswordSchema.safeParse('short').error?.issues[0]?.message).toBe('must be at least 8 characters');
    expect(newPasswordSchema.safeParse('x'.repeat(201)).success).toBe(false);
  });
});
