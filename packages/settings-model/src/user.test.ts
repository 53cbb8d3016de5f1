import { describe, expect, it } from 'vitest';
import { accountUpdateSchema, publicUserSchema, toPublicUser, userSchema } from './user.ts';

const minimal = { id: 7, email: 'ada@example.com' };

describe('user (spec section 3)', () => {
  it('applies every default', () => {
    const user = userSchema.parse(minimal);
    expect(user).toEqual({
      id: 7,
      email: 'ada@example.com',
      // A server from before confirmation existed sends none: its accounts are as they were.
      emailConfirmed: true,
      name: 'You',
      avatarUrl: null,
      plan: 0,
      subscribed: false,
      subscribedStrict: false,
      domain: null,
      inviteCode: '',
      inviteLink: null,
      stripeId: null,
      subscriptionMessage: null,
      messages: { showTrial: false, showPaywall: false, max: null, count: 0 },
    });
  });

  it('the public view never says whether the address is confirmed', () => {
    expect(Object.keys(toPublicUser(userSchema.parse({ ...minimal, emailConfirmed: false })))).not.toContain('emailConfirmed');
  });

  it('the public view has none of email, stripeId, plan, subscribed, subscriptionMessage', () => {
    const user = userSchema.parse({
      ...minimal,
      name: 'Ada',
      plan: 1,
      subscribed: true,
      stripeId: 'cus_1',
      subscriptionMessage: 'Renews soon',
    });
    const view = toPublicUser(user);
    for (const key of ['email', 'stripeId', 'plan', 'subscribed', 'subscriptionMessage', 'id', 'messages']) {
      expect(view).not.toHaveProperty(key);
    }
    expect(view.name).toBe('Ada');
    // Parsing a private object with the public schema drops the private fields too.
    expect(publicUserSchema.parse(user)).not.toHaveProperty('email');
  });

  it('validates the email and the invite link', () => {
    expect(userSchema.safeParse({ ...minimal, email: 'nope' }).success).toBe(false);
    expect(userSchema.safeParse({ ...minimal, inviteLink: 'not a url' }).success).toBe(false);
  });

  it('an account update accepts only name, avatarUrl, email and domain', () => {
    expect(accountUpdateSchema.parse({ name: '' })).toEqual({ name: 'You' });
    expect(accountUpdateSchema.parse({ domain: 'Voice.Example.com' })).toEqual({ domain: 'voice.example.com' });
    expect(accountUpdateSchema.parse({ domain: null })).toEqual({ domain: null });
    expect(accountUpdateSchema.safeParse({ domain: 'https://voice.example.com' }).success).toBe(false);
    expect(accountUpdateSchema.safeParse({ plan: 1 }).success).toBe(false);
    expect(accountUpdateSchema.safeParse({ avatarUrl: 'javascript:alert(1)' }).success).toBe(false);
  });
});
