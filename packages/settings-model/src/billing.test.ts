import { describe, expect, it } from 'vitest';
import { subscriptionSucceeded } from './api/account.ts';
import { PRICES } from './constants.ts';
import { canInvite, inviteSchema } from './invite.ts';
import { paymentSchema, paymentStatusLabel } from './payment.ts';
import { displayPrice, FREE_PLAN, planPrice, PRO_PLAN, yearlySavings } from './plan.ts';

describe('payment (spec sections 3 and 4)', () => {
  it('turns cents into an amount and defaults the currency to USD', () => {
    const payment = paymentSchema.parse({ paid: true, date: '2026-11-01', amount: 2999 });
    expect(payment.amount).toBe(29.99);
    expect(payment.currency).toBe('USD');
    expect(payment.receipt).toBeNull();
  });
  it('labels Paid and Unpaid', () => {
    expect(paymentStatusLabel({ paid: true })).toBe('Paid');
    expect(paymentStatusLabel({ paid: false })).toBe('Unpaid');
  });
});

describe('plans (spec sections 4 and 9)', () => {
  it('Pro costs 30 a month or 299 a year, saving 17% against 360', () => {
    expect(PRICES.proMonthly).toBe(30);
    expect(PRICES.proYearly).toBe(299);
    expect(yearlySavings(30, 299)).toBe(17);
    expect(PRO_PLAN.packages.find((pack) => pack.period === 'Yearly')?.savings).toBe(17);
  });
  it('a free plan has no packages and costs 0', () => {
    expect(FREE_PLAN.packages).toEqual([]);
    expect(planPrice(FREE_PLAN)).toBe(0);
    expect(planPrice(PRO_PLAN)).toBe(30);
    expect(planPrice(PRO_PLAN, 'Yearly')).toBe(299);
  });
  it('Lifetime is always shown at 0', () => {
    expect(displayPrice({ key: 'life', period: 'Lifetime', price: 999 })).toBe(0);
  });
  it('subscribing succeeds on active or trialing', () => {
    expect(subscriptionSucceeded({ status: 'active' })).toBe(true);
    expect(subscriptionSucceeded({ status: 'trialing' })).toBe(true);
    expect(subscriptionSucceeded({ status: 'incomplete' })).toBe(false);
    expect(subscriptionSucceeded({ checkout_url: 'https://pay.example/x' })).toBe(false);
  });
});

describe('invite and team (spec section 3)', () => {
  it('maps the wire names and adds the owner to the members', () => {
    const team = inviteSchema.parse({
      users: [{ name: 'Bo', email: 'bo@example.com', img: null }],
      owner_name: 'Ada',
      owner_email: 'ada@example.com',
      owner_img: 'https://example.com/a.png',
      allowed_invites: 5,
      is_business: true,
      is_owner: true,
    });
    expect(team.maxMembers).toBe(5);
    expect(team.isBusiness).toBe(true);
    expect(team.isOwner).toBe(true);
    expect(team.members).toEqual([
      { name: 'Ada', email: 'ada@example.com', img: 'https://example.com/a.png', isOwner: true, status: 'member', expiresAt: null },
      { name: 'Bo', email: 'bo@example.com', img: null, isOwner: false, status: 'member', expiresAt: null },
    ]);
    expect(canInvite(team)).toBe(true);
    expect(canInvite({ isOwner: true, isBusiness: false })).toBe(false);
  });
});
