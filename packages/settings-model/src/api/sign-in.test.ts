import { describe, expect, it } from 'vitest';
import { microsoftAuthRequestSchema, signupPolicyResponseSchema } from './sign-in.ts';

describe('Microsoft sign-in', () => {
  it('the token is required, trimmed and bounded', () => {
    expect(microsoftAuthRequestSchema.parse({ token: ' eyJ.a.b ' })).toEqual({ token: 'eyJ.a.b' });
    for (const body of [{}, { token: '' }, { token: '   ' }, { token: 42 }, { token: 'x'.repeat(16_385) }]) {
      expect(microsoftAuthRequestSchema.safeParse(body).success, JSON.stringify(body).slice(0, 40)).toBe(false);
    }
  });

  it('the signup policy says whether it is on; a server that does not say means off', () => {
    const on = signupPolicyResponseSchema.parse({ signup: 'open', contact: null, microsoft: { clientId: 'abc' } });
    expect(on.microsoft).toEqual({ clientId: 'abc' });
    expect(signupPolicyResponseSchema.parse({ signup: 'open', contact: null }).microsoft ?? null).toBeNull();
    expect(signupPolicyResponseSchema.safeParse({ signup: 'open', contact: null, microsoft: { clientId: 7 } }).success).toBe(false);
  });
});
