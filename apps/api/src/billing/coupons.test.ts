import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHandoff } from '../admin/admin-handoff.ts';
import { couponRedemptions, coupons, users } from '../db/schema.ts';
import { REFERRAL_COOKIE } from '../http/referral-cookie.ts';
import { COUPON_ALREADY_USED, COUPON_EXHAUSTED, COUPON_EXPIRED, COUPON_INACTIVE, COUPON_UNKNOWN } from './coupon-service.ts';
import { startStripeStandIn, type StripeStandIn } from '../../test/harness/stripe-server.ts';
import { startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { FAILED_COUPONS_PER_HOUR } from '../http/api-limits.ts';
import { apiProgramEntry } from '@vocal/e2e';

const run = promisify(execFile);
const appFolder = new URL('../..', import.meta.url).pathname;

let server: TestServer;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer('pglite', { TRANSCRIBER: 'none' });
  adminToken = (await readHandoff(server.dataDir))!.adminToken;
});
afterAll(async () => {
  await server?.close();
});

/** `pnpm admin ...` as a self-hoster runs it: with the server up, it goes through the admin API. */
async function adminCommand(...args: string[]) {
  try {
    const { stdout } = await run(process.execPath, [...apiProgramEntry('admin'), ...args], {
      cwd: appFolder,
      env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '' },
    });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const adminCall = (method: string, path: string, json?: unknown) =>
  server.call(method, path, { json, headers: { 'x-admin-token': adminToken } });

const redeem = (token: string, coupon: unknown) => server.call('POST', '/api/coupon', { token, json: { coupon } });

async function accountOf(token: string) {
  return (await server.call('GET', '/api/account', { token })).body;
}

describe('local coupons', () => {
  it('are made with pnpm admin coupons create, listed, and give Pro for their days once per account', async () => {
    const created = await adminCommand(
      'coupons',
      'create',
      '--code',
      'Launch30',
      '--plan',
      'pro',
      '--days',
      '30',
      '--max-redemptions',
      '100',
    );
    expect(created.stderr).toBe('');
    expect(JSON.parse(created.stdout)).toMatchObject({ code: 'Launch30', plan: 1, days: 30, maxRedemptions: 100, redemptions: 0 });

    const duplicate = await adminCall('POST', '/api/admin/coupons', { code: 'LAUNCH30', days: 5 });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.msg).toMatch(/already exists/);
    const badCode = await adminCall('POST', '/api/admin/coupons', { code: 'no spaces here', days: 5 });
    expect(badCode.status).toBe(400);
    expect(badCode.body.msg).toMatch(/^code: /);
    const freePlan = await adminCall('POST', '/api/admin/coupons', { code: 'FREEBIE', plan: 'free', days: 5 });
    expect(freePlan.status).toBe(400);

    const ada = await server.signUp();
    expect(await accountOf(ada.access)).toMatchObject({ plan: 0, subscribed: false });
    const before = Date.now();
    // Codes are matched without regard to case, as people type them.
    const redeemed = await redeem(ada.access, ' launch30 ');
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toMatchObject({ kind: 'plan', coupon: 'Launch30', plan: 1, planName: 'Pro', days: 30 });
    const until = new Date(redeemed.body.until).getTime();
    expect(until).toBeGreaterThanOrEqual(before + 30 * 86_400_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 30 * 86_400_000);
    expect(redeemed.body.msg).toMatch(/^Pro until \d{1,2} \w+ \d{4}\.$/);
    expect(await accountOf(ada.access)).toMatchObject({ plan: 1, subscribed: true, subscribedStrict: false });

    const again = await redeem(ada.access, 'LAUNCH30');
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(COUPON_ALREADY_USED);

    expect((await adminCall('GET', '/api/admin/coupons')).body.coupons).toEqual([
      expect.objectContaining({ code: 'Launch30', redemptions: 1 }),
    ]);
  });

  it('refuses empty, overlong, unknown and expired codes, each in its own words, changing nothing', async () => {
    const bea = await server.signUp();
    await adminCall('POST', '/api/admin/coupons', { code: 'OLD-NEWS', days: 10, expires: '2020-01-31' });

    const empty = await redeem(bea.access, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('coupon: enter a coupon code');
    const missing = await server.call('POST', '/api/coupon', { token: bea.access, json: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('coupon: enter a coupon code');
    const long = await redeem(bea.access, 'X'.repeat(65));
    expect(long.status).toBe(400);
    expect(long.body.msg).toBe('coupon: a coupon code has at most 64 characters');
    const notText = await redeem(bea.access, 42);
    expect(notText.status).toBe(400);
    const unknown = await redeem(bea.access, 'NOPE-NOT-A-CODE');
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe(COUPON_UNKNOWN);
    const expired = await redeem(bea.access, 'old-news');
    expect(expired.status).toBe(410);
    expect(expired.body.msg).toBe(COUPON_EXPIRED);
    const signedOut = await server.call('POST', '/api/coupon', { json: { coupon: 'OLD-NEWS' } });
    expect(signedOut.status).toBe(401);

    expect(await accountOf(bea.access)).toMatchObject({ plan: 0 });
    const rows = await server.running.services.db.select().from(couponRedemptions).where(eq(couponRedemptions.userId, bea.id));
    expect(rows).toEqual([]);
    const [old] = await server.running.services.db.select().from(coupons).where(eq(coupons.code, 'OLD-NEWS'));
    expect(old?.redemptions).toBe(0);

    // Disabled by the administrator: expired from now on.
    await adminCall('POST', '/api/admin/coupons', { code: 'SHORT-LIVED', days: 3 });
    expect((await adminCall('POST', '/api/admin/coupons/disable', { code: 'short-lived' })).status).toBe(200);
    expect((await redeem(bea.access, 'SHORT-LIVED')).body.msg).toBe(COUPON_EXPIRED);
    expect((await adminCall('POST', '/api/admin/coupons/delete', { code: 'SHORT-LIVED' })).status).toBe(200);
    expect((await redeem(bea.access, 'SHORT-LIVED')).body.msg).toBe(COUPON_UNKNOWN);
    expect((await adminCall('POST', '/api/admin/coupons/delete', { code: 'SHORT-LIVED' })).status).toBe(404);
  });

  it('gives the last seats to exactly as many people as it has, however many ask at once', async () => {
    await adminCall('POST', '/api/admin/coupons', { code: 'FEW-SEATS', days: 7, maxRedemptions: 3 });
    const people = await Promise.all(Array.from({ length: 6 }, () => server.signUp()));
    const replies = await Promise.all(people.map((person) => redeem(person.access, 'FEW-SEATS')));
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(3);
    const refused = replies.filter((reply) => reply.status !== 200);
    expect(refused.map((reply) => [reply.status, reply.body.msg])).toEqual(Array(3).fill([409, COUPON_EXHAUSTED]));
    const [row] = await server.running.services.db.select().from(coupons).where(eq(coupons.code, 'FEW-SEATS'));
    expect(row?.redemptions).toBe(3);
    const plans = await Promise.all(people.map(async (person) => (await accountOf(person.access)).plan));
    expect(plans.filter((plan) => plan === 1)).toHaveLength(3);

    // One person pressing twice at once: one redemption, one seat.
    await adminCall('POST', '/api/admin/coupons', { code: 'DOUBLE-TAP', days: 7, maxRedemptions: 5 });
    const eager = await server.signUp();
    const both = await Promise.all([redeem(eager.access, 'DOUBLE-TAP'), redeem(eager.access, 'DOUBLE-TAP')]);
    expect(both.map((reply) => reply.status).sort()).toEqual([200, 409]);
    expect(both.find((reply) => reply.status === 409)?.body.msg).toBe(COUPON_ALREADY_USED);
    const [tapped] = await server.running.services.db.select().from(coupons).where(eq(coupons.code, 'DOUBLE-TAP'));
    expect(tapped?.redemptions).toBe(1);
  });

  it('ends with its days: the sweep returns the account to Free', async () => {
    await adminCall('POST', '/api/admin/coupons', { code: 'ONE-DAY', days: 1 });
    const cy = await server.signUp();
    expect((await redeem(cy.access, 'ONE-DAY')).status).toBe(200);
    expect(await accountOf(cy.access)).toMatchObject({ plan: 1 });

    // The day passes: the redemption's end and the account's review date move into the past.
    const { db, plans } = server.running.services;
    const past = new Date(Date.now() - 1000);
    await db.update(couponRedemptions).set({ planUntil: past }).where(eq(couponRedemptions.userId, cy.id));
    await db.update(users).set({ planReviewAt: past }).where(eq(users.id, cy.id));
    expect(await plans.reviewDue()).toBeGreaterThanOrEqual(1);
    const [row] = await db.select().from(users).where(eq(users.id, cy.id));
    expect(row).toMatchObject({ plan: 0, subscribed: false, planReviewAt: null });
    expect(await accountOf(cy.access)).toMatchObject({ plan: 0 });
  });

  it("shows no one another person's redemptions: the answer is only ever the caller's own", async () => {
    await adminCall('POST', '/api/admin/coupons', { code: 'PRIVATE-GIFT', days: 5 });
    const giver = await server.signUp();
    const other = await server.signUp();
    expect((await redeem(giver.access, 'PRIVATE-GIFT')).status).toBe(200);
    // The other person's own try works for them alone, and says nothing of the first.
    const theirs = await redeem(other.access, 'PRIVATE-GIFT');
    expect(theirs.status).toBe(200);
    expect(JSON.stringify(theirs.body)).not.toContain(giver.email);
    expect((await adminCall('GET', '/api/admin/coupons')).status).toBe(200);
    // The admin list answers only with the admin token, only from this machine.
    const forged = await server.call('GET', '/api/admin/coupons', { token: giver.access });
    expect(forged.status).toBe(403);
  });
});

describe('guessing codes (issue 23, finding 12)', () => {
  it('counts codes that do not exist per client address, whatever the account, and from everyone together', async () => {
    await adminCall('POST', '/api/admin/coupons', { code: 'SPRING24', plan: 'pro', days: 30, maxRedemptions: 100 });
    const guessers = [await server.signUp(), await server.signUp(), await server.signUp()];
    const limits = server.running.services.limits;
    // The tests above tried unknown codes from this address too: this one starts an hour later.
    await limits.failedCouponsPerClient.reset('127.0.0.1');
    const answers: number[] = [];
    for (let guess = 0; guess < 24; guess++) {
      answers.push((await redeem(guessers[guess % 3]!.access, `SPRING${String(guess).padStart(2, '0')}`)).status);
    }
    // Twenty wrong codes an hour from one address, then none: not even the right one.
    expect(answers.slice(0, 20)).toEqual(Array(20).fill(404));
    expect(answers.slice(20)).toEqual([429, 429, 429, 429]);
    const refused = await redeem(guessers[0]!.access, 'SPRING24');
    expect(refused).toMatchObject({ status: 429, body: { msg: expect.stringMatching(/^Too many coupon codes that do not exist\./) } });
    expect((await accountOf(guessers[0]!.access)).plan).toBe(0);

    // From everyone together: once the whole server has seen its share of wrong codes, all wait.
    await limits.failedCouponsPerClient.reset('127.0.0.1');
    for (let failure = 0; failure < FAILED_COUPONS_PER_HOUR; failure++) await limits.failedCoupons.hit('everyone');
    expect((await redeem(guessers[1]!.access, 'SPRING24')).status).toBe(429);
    await limits.failedCoupons.reset('everyone');
    expect((await redeem(guessers[1]!.access, 'SPRING24')).status).toBe(200);
  });
});

describe('coupons with Stripe billing on', () => {
  let billed: TestServer;
  let stripe: StripeStandIn;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    billed = await startTestServer('pglite', { TRANSCRIBER: 'none', ...stripe.env() });
    stripe.deliverTo(`${billed.url}/api/stripe/webhook`);
  });
  afterAll(async () => {
    await billed?.close();
    await stripe?.close();
  });

  it("checks a promotion code for the checkout, which takes it; the referred payer's invoice pays the referrer's commission", async () => {
    stripe.addPromotionCode({ code: 'SPRING20', percentOff: 20, duration: 'once' });
    stripe.addPromotionCode({ code: 'WINTER-GONE', percentOff: 50, expiresAt: new Date(Date.now() - 86_400_000) });
    stripe.addPromotionCode({ code: 'PAUSED', amountOff: 500, active: false });
    stripe.addPromotionCode({ code: 'ALL-TAKEN', percentOff: 10, maxRedemptions: 2, timesRedeemed: 2 });
    const referrer = await billed.signUp();
    const referralCode = (await billed.call('GET', '/api/account', { token: referrer.access })).body.inviteCode;
    // The referred person signs up with the referral cookie, then redeems and pays.
    const signUp = await billed.call('POST', '/api/signup', {
      json: { email: `payer-${Date.now()}@example.com`, password: 'correct horse battery', name: 'Payer' },
      headers: { cookie: `${REFERRAL_COOKIE}=${referralCode}` },
    });
    expect(signUp.status).toBe(201);
    const payer = signUp.body.access_token as string;

    const checked = await billed.call('POST', '/api/coupon', { token: payer, json: { coupon: 'spring20' } });
    expect(checked.status).toBe(200);
    expect(checked.body).toEqual({
      kind: 'discount',
      coupon: 'SPRING20',
      discount: '20% off the first payment',
      next: '/upgrade?coupon=SPRING20',
      msg: '20% off the first payment of Pro. Choose monthly or yearly to take it.',
    });
    // Nothing is given until the checkout: the plan is still Free.
    expect((await billed.call('GET', '/api/account', { token: payer })).body.plan).toBe(0);

    for (const [code, status, msg] of [
      ['WINTER-GONE', 410, COUPON_EXPIRED],
      ['PAUSED', 410, COUPON_INACTIVE],
      ['ALL-TAKEN', 409, COUPON_EXHAUSTED],
      ['NOT-IN-STRIPE-EITHER', 404, COUPON_UNKNOWN],
    ] as const) {
      const refused = await billed.call('POST', '/api/coupon', { token: payer, json: { coupon: code } });
      expect([refused.status, refused.body.msg], code).toEqual([status, msg]);
    }

    // The upgrade page passes the code to POST /subscription; Stripe takes 20% off the first invoice.
    const started = await billed.call('POST', '/api/subscription', { token: payer, json: { key: 'pro-monthly', coupon: 'SPRING20' } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const paid = await stripe.pay(stripe.sessionIdOf(started.body.checkout_url));
    expect(paid.invoice).toMatchObject({ amount_paid: 2400 });
    expect((await billed.call('GET', '/api/account', { token: payer })).body.plan).toBe(1);
    // The referrer's figures come from the invoice the webhook wrote: 20% of 24.00.
    const figures = await billed.call('GET', '/api/affiliate', { token: referrer.access });
    expect(figures.body).toMatchObject({ signups: 1, paying: 1, commission: { amount: 480, currency: 'usd', percent: 20 } });

    // A local coupon still works with billing on: the administrator made it on purpose.
    const handoff = (await readHandoff(billed.dataDir))!;
    await billed.call('POST', '/api/admin/coupons', {
      json: { code: 'LOCAL-GIFT', days: 14 },
      headers: { 'x-admin-token': handoff.adminToken },
    });
    const local = await billed.call('POST', '/api/coupon', { token: referrer.access, json: { coupon: 'LOCAL-GIFT' } });
    expect(local.body).toMatchObject({ kind: 'plan', coupon: 'LOCAL-GIFT', days: 14 });
  });
});
