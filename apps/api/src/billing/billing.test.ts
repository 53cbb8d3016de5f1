import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordings, stripeEvents, subscriptions } from '../db/schema.ts';
import { startStripeStandIn, STAND_IN_PRICES, type StripeStandIn } from '../../test/harness/stripe-server.ts';
import { embeddedBackend, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';

const TRIAL_DAYS = 14;
const FREE_MESSAGES = 2;
let counter = 0;
const newEmail = (what: string) => `billing-${what}-${++counter}-${Date.now()}@example.com`;

describe.each(embeddedBackend)('Stripe billing on %s', (backend) => {
  let server: TestServer;
  let stripe: StripeStandIn;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    server = await startTestServer(backend, {
      ...stripe.env(),
      TRIAL_DAYS: String(TRIAL_DAYS),
      FREE_MESSAGES_PER_MONTH: String(FREE_MESSAGES),
    });
    stripe.deliverTo(`${server.url}/api/stripe/webhook`);
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });

  type Person = Awaited<ReturnType<TestServer['signUp']>>;
  const publicUrl = () => server.running.services.config.publicUrl;
  const account = async (person: Person) => (await server.call('GET', '/api/account', { token: person.access })).body;
  const state = async (person: Person) => (await server.call('GET', '/api/subscription', { token: person.access })).body;
  const payments = async (person: Person) => server.call('GET', '/api/payments', { token: person.access });
  const subscribe = (person: Person, json: unknown, path = '/api/subscription') =>
    server.call('POST', path, { token: person.access, json });
  const subscriptionRow = async (id: string) =>
    (await server.running.services.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];

  /** Signs up, subscribes and pays on the stand-in's checkout: the person is Pro by the webhooks. */
  async function proThroughCheckout(key = 'pro-monthly') {
    const person = await server.signUp(newEmail('pro'));
    const started = await subscribe(person, { key });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const paid = await stripe.pay(stripe.sessionIdOf(started.body.checkout_url));
    return { person, paid };
  }

  it('checkout → webhooks → Pro, with the trial on a first subscription and the customer kept', async () => {
    const person = await server.signUp(newEmail('checkout'));
    const before = await account(person);
    expect(before).toMatchObject({
      plan: 0,
      subscribed: false,
      stripeId: null,
      messages: { showTrial: true, showPaywall: false, max: FREE_MESSAGES },
    });
    expect(await state(person)).toMatchObject({
      enabled: true,
      trialDays: TRIAL_DAYS,
      subscription: null,
      canManageCard: false,
      packages: [
        { key: 'pro-monthly', period: 'Monthly', price: 30, currency: 'USD' },
        { key: 'pro-yearly', period: 'Yearly', price: 299, currency: 'USD', savings: 17 },
        { key: 'pro-lifetime', period: 'Lifetime', price: 599, currency: 'USD' },
      ],
    });

    const started = await subscribe(person, { key: 'pro-monthly' });
    expect(started.status).toBe(200);
    expect(started.body.checkout_url).toMatch(new RegExp(`^${stripe.url}/checkout/cs_test_`));
    const session = stripe.sessions.get(stripe.sessionIdOf(started.body.checkout_url))!;
    const customerId = (await account(person)).stripeId;
    expect(customerId).toMatch(/^cus_/);
    expect(session).toMatchObject({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: String(person.id),
      price: STAND_IN_PRICES.monthly.id,
      trialDays: TRIAL_DAYS,
      success_url: `${publicUrl()}/static/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${publicUrl()}/upgrade`,
    });
    // Starting a checkout changes no plan: only Stripe's webhooks do.
    expect((await account(person)).plan).toBe(0);

    // A second checkout keeps the same customer.
    await subscribe(person, { key: 'pro-yearly' });
    expect(stripe.customers.size).toBeGreaterThanOrEqual(1);
    expect([...stripe.sessions.values()].filter((candidate) => candidate.customer === customerId)).toHaveLength(2);

    const paid = await stripe.pay(session.id);
    expect(paid.redirect).toBe(`${publicUrl()}/static/payment-success?session_id=${session.id}`);
    expect(stripe.delivered.slice(-3).map((delivery) => [delivery.event.type, delivery.status])).toEqual([
      ['customer.subscription.created', 200],
      ['checkout.session.completed', 200],
      ['invoice.paid', 200],
    ]);
    expect(await account(person)).toMatchObject({
      plan: 1,
      subscribed: true,
      subscribedStrict: true,
      messages: { showTrial: false, max: null },
    });
    expect(await state(person)).toMatchObject({
      subscription: { status: 'trialing', period: 'Monthly', cancelAtPeriodEnd: false },
      canManageCard: true,
    });
    // Already subscribed: the status, not another checkout.
    expect(await subscribe(person, { key: 'pro-yearly' })).toMatchObject({ status: 200, body: { status: 'trialing' } });
  });

  it('a second subscription gets no trial; the Meet add-on sells the same Pro with a success page of its own', async () => {
    const { person, paid } = await proThroughCheckout();
    await server.call('DELETE', '/api/subscription', { token: person.access });
    await stripe.settled();
    await stripe.endPeriod(paid.subscription!.id);
    expect((await account(person)).plan).toBe(0);
    expect((await account(person)).messages.showTrial).toBe(false);
    const again = await subscribe(person, { key: 'pro-yearly' }, '/api/meet-subscription');
    expect(again.status).toBe(200);
    const session = stripe.sessions.get(stripe.sessionIdOf(again.body.checkout_url))!;
    expect(session).toMatchObject({ trialDays: null, price: STAND_IN_PRICES.yearly.id });
    expect(session.success_url).toBe(`${publicUrl()}/static/payment-success?session_id={CHECKOUT_SESSION_ID}&surface=meet`);
    await stripe.pay(session.id);
    expect(await account(person)).toMatchObject({ plan: 1 });
    expect((await state(person)).subscription).toMatchObject({ status: 'active', period: 'Yearly' });
  });

  it('a forged signature, a missing one and a replayed event change nothing', async () => {
    const { person, paid } = await proThroughCheckout();
    const subscription = paid.subscription!;
    const deletion = stripe.event('customer.subscription.deleted', { ...stripe.subscriptionJson(subscription.id), status: 'canceled' });

    const forged = await stripe.deliver(deletion, { secret: 'whsec_not_the_endpoint_secret' });
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body).msg).toMatch(/signature/i);
    const unsigned = await server.call('POST', '/api/stripe/webhook', { json: deletion });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.msg).toMatch(/Stripe-Signature/);
    // A body changed after signing: the signature covers the raw bytes.
    const tampered = await fetch(`${server.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.signedHeader(JSON.stringify(stripe.event('ping', {}))) },
      body: JSON.stringify(deletion),
    });
    expect(tampered.status).toBe(400);
    expect((await account(person)).plan).toBe(1);
    expect((await subscriptionRow(subscription.id))?.status).toBe('trialing');
    const [recorded] = await server.running.services.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, String(deletion.id)));
    expect(recorded).toBeUndefined();

    // The checkout's own events, delivered again after the person cancelled: nothing is undone.
    expect((await server.call('DELETE', '/api/subscription', { token: person.access })).body).toBe(true);
    await stripe.settled();
    expect((await subscriptionRow(subscription.id))?.cancelAtPeriodEnd).toBe(true);
    const created = stripe.delivered.find(
      (delivery) =>
        delivery.event.type === 'customer.subscription.created' &&
        (delivery.event.data as { object: { id: string } }).object.id === subscription.id,
    )!;
    const replayed = await stripe.deliver(created.event);
    expect(replayed.status).toBe(200);
    expect(JSON.parse(replayed.body)).toEqual({ received: true, duplicate: true });
    expect(await subscriptionRow(subscription.id)).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: true });
  });

  it('an older event arriving late does not undo a newer state', async () => {
    const { person, paid } = await proThroughCheckout();
    const row = await subscriptionRow(paid.subscription!.id);
    const olderSeconds = Math.floor(row!.eventAt.getTime() / 1000) - 60;
    const late = stripe.event(
      'customer.subscription.updated',
      { ...stripe.subscriptionJson(paid.subscription!.id), status: 'canceled' },
      olderSeconds,
    );
    const answer = await stripe.deliver(late);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ received: true, duplicate: false });
    expect((await subscriptionRow(paid.subscription!.id))?.status).toBe('trialing');
    expect((await account(person)).plan).toBe(1);
  });

  it('events of the same second: a deleted subscription stays deleted, and a tie is settled by asking Stripe (issue 23, finding 9)', async () => {
    const first = await proThroughCheckout();
    const id = first.paid.subscription!.id;
    const second = Math.floor(Date.now() / 1000) + 120;
    // Deleted, then an update of the same second delivered after it: Pro must not come back.
    stripe.subscriptions.get(id)!.status = 'canceled';
    expect((await stripe.deliver(stripe.event('customer.subscription.deleted', stripe.subscriptionJson(id), second))).status).toBe(200);
    expect(await account(first.person)).toMatchObject({ plan: 0 });
    const revived = stripe.event('customer.subscription.updated', { ...stripe.subscriptionJson(id), status: 'active' }, second);
    expect((await stripe.deliver(revived)).status).toBe(200);
    expect((await subscriptionRow(id))?.status).toBe('canceled');
    // Even a later event cannot revive it: Stripe never reactivates a cancelled subscription.
    const later = stripe.event('customer.subscription.updated', { ...stripe.subscriptionJson(id), status: 'active' }, second + 60);
    expect((await stripe.deliver(later)).status).toBe(200);
    expect(await account(first.person)).toMatchObject({ plan: 0 });

    // Two updates of one second that disagree: Stripe's own copy says which is current.
    const other = await proThroughCheckout();
    const otherId = other.paid.subscription!.id;
    const tie = second + 240;
    stripe.subscriptions.get(otherId)!.status = 'unpaid';
    await stripe.deliver(stripe.event('customer.subscription.updated', stripe.subscriptionJson(otherId), tie));
    expect(await account(other.person)).toMatchObject({ plan: 0 });
    const retrievals = stripe.requests.filter((request) => request.path === `/v1/subscriptions/${otherId}`).length;
    await stripe.deliver(stripe.event('customer.subscription.updated', { ...stripe.subscriptionJson(otherId), status: 'active' }, tie));
    expect(stripe.requests.filter((request) => request.path === `/v1/subscriptions/${otherId}`).length).toBe(retrievals + 1);
    expect((await subscriptionRow(otherId))?.status).toBe('unpaid');
    expect(await account(other.person)).toMatchObject({ plan: 0 });
  });

  it('cancel at period end: still Pro until Stripe deletes the subscription, then Free', async () => {
    const { person, paid } = await proThroughCheckout();
    expect(await server.call('DELETE', '/api/subscription', { token: person.access })).toMatchObject({ status: 200, body: true });
    await stripe.settled();
    expect(stripe.subscriptions.get(paid.subscription!.id)?.cancel_at_period_end).toBe(true);
    expect(await account(person)).toMatchObject({ plan: 1 });
    expect((await state(person)).subscription).toMatchObject({ cancelAtPeriodEnd: true });

    const ended = await stripe.endPeriod(paid.subscription!.id);
    expect(ended.status).toBe(200);
    expect(await account(person)).toMatchObject({ plan: 0, subscribed: false, subscribedStrict: false });
    expect((await state(person)).subscription).toBeNull();
    expect((await server.call('DELETE', '/api/subscription', { token: person.access })).body).toBe(false);
  });

  it('payments in cents, newest first; a failed renewal is Unpaid and the subscription past due', async () => {
    const { person } = await proThroughCheckout('pro-lifetime');
    expect(await account(person)).toMatchObject({ plan: 1 });
    expect((await state(person)).subscription).toMatchObject({ status: 'active', period: 'Lifetime', renewsAt: null });
    const lifetime = await payments(person);
    expect(lifetime.status).toBe(200);
    expect(lifetime.body.payments).toEqual([
      {
        paid: true,
        date: expect.any(String),
        receipt: expect.stringMatching(new RegExp(`^${stripe.url}/invoice/in_`)),
        currency: 'USD',
        amount: 59_900,
      },
    ]);
    // Lifetime has nothing to cancel.
    expect((await server.call('DELETE', '/api/subscription', { token: person.access })).body).toBe(false);

    const monthly = await proThroughCheckout('pro-monthly');
    const failed = await stripe.failRenewal(monthly.paid.subscription!.id);
    const list = (await payments(monthly.person)).body.payments;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ paid: false, amount: STAND_IN_PRICES.monthly.unitAmount, currency: 'USD' });
    expect(list[1]).toMatchObject({ paid: true, amount: 0 });
    expect((await subscriptionRow(monthly.paid.subscription!.id))?.status).toBe('past_due');
    // Past due keeps Pro while Stripe retries the card.
    expect((await account(monthly.person)).plan).toBe(1);

    // A failure reported again after the invoice was paid does not make it Unpaid.
    const invoice = stripe.invoices.get(failed.id)!;
    Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, paid_at: invoice.created + 60 });
    await stripe.deliver(stripe.event('invoice.paid', stripe.invoiceJson(failed.id)));
    await stripe.deliver(stripe.event('invoice.payment_failed', { ...stripe.invoiceJson(failed.id), status: 'open', amount_paid: 0 }));
    expect((await payments(monthly.person)).body.payments[0]).toMatchObject({ paid: true, amount: STAND_IN_PRICES.monthly.unitAmount });
  });

  it('promotion codes: found for the coupon service, applied at checkout; unknown or used up ones refused', async () => {
    stripe.addPromotionCode({ code: 'SPRING25', percentOff: 25, duration: 'repeating', durationInMonths: 3 });
    stripe.addPromotionCode({ code: 'GONE', amountOff: 500, maxRedemptions: 1, timesRedeemed: 1 });
    const found = await server.running.services.billing.findPromotionCode('spring25');
    expect(found).toMatchObject({
      code: 'SPRING25',
      active: true,
      percentOff: 25,
      amountOff: null,
      duration: 'repeating',
      durationInMonths: 3,
    });
    expect(await server.running.services.billing.findPromotionCode('NOPE')).toBeNull();

    const person = await server.signUp(newEmail('coupon'));
    const sessionsBefore = stripe.sessions.size;
    for (const coupon of ['NOPE', 'GONE']) {
      const refused = await subscribe(person, { key: 'pro-monthly', coupon });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toMatch(/^coupon: /);
    }
    expect(stripe.sessions.size).toBe(sessionsBefore);
    const started = await subscribe(person, { key: 'pro-yearly', coupon: 'SPRING25' });
    expect(stripe.sessions.get(stripe.sessionIdOf(started.body.checkout_url))?.promotionCode).toBe(found!.id);
  });

  it('bad input is refused with a message and changes nothing; the portal opens for a customer', async () => {
    const person = await server.signUp(newEmail('input'));
    const sessionsBefore = stripe.sessions.size;
    for (const json of [{ key: 'pro-weekly' }, {}, { key: 'x'.repeat(65) }, { key: 'pro-monthly', coupon: 'y'.repeat(65) }]) {
      const refused = await subscribe(person, json);
      expect(refused.status, JSON.stringify(json)).toBe(400);
      expect(typeof refused.body.msg).toBe('string');
    }
    expect(stripe.sessions.size).toBe(sessionsBefore);
    expect((await account(person)).stripeId).toBeNull();
    const noCustomer = await server.call('POST', '/api/subscription/portal', { token: person.access });
    expect(noCustomer.status).toBe(409);

    await subscribe(person, { key: 'pro-monthly' });
    const portal = await server.call('POST', '/api/subscription/portal', { token: person.access });
    expect(portal.status).toBe(200);
    expect(portal.body.url).toBe(`${stripe.url}/portal/${(await account(person)).stripeId}`);
    expect(stripe.requests.at(-1)?.body).toMatchObject({ return_url: `${publicUrl()}/upgrade` });
  });

  it('the paywall shows once a Free person has sent this month’s messages', async () => {
    const person = await server.signUp(newEmail('paywall'));
    const db = server.running.services.db;
    for (let index = 0; index < FREE_MESSAGES; index++) {
      await db
        .insert(recordings)
        .values({ id: randomUUID(), userId: person.id, status: 'uploaded', origin: 'owner', uploadDate: new Date() });
    }
    expect((await account(person)).messages).toMatchObject({ showPaywall: true, max: FREE_MESSAGES, count: FREE_MESSAGES });
    const refused = await server.call('GET', '/api/get-vocal', { token: person.access });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toContain(`${FREE_MESSAGES} messages of the Free plan`);
  });

  it('nobody reads another person’s payments or cancels their subscription', async () => {
    const { person: victim } = await proThroughCheckout('pro-lifetime');
    const other = await proThroughCheckout('pro-monthly');
    const stranger = await server.signUp(newEmail('stranger'));
    expect((await payments(stranger)).body).toEqual({ payments: [] });
    const theirs = (await payments(other.person)).body.payments;
    expect(theirs).toHaveLength(1);
    expect(theirs[0].receipt).not.toBe((await payments(victim)).body.payments[0].receipt);
    expect((await server.call('DELETE', '/api/subscription', { token: stranger.access })).body).toBe(false);
    expect((await state(stranger)).subscription).toBeNull();
    expect(await account(victim)).toMatchObject({ plan: 1 });
    expect((await state(victim)).subscription).toMatchObject({ status: 'active', period: 'Lifetime' });
    for (const [method, path] of [
      ['GET', '/api/payments'],
      ['GET', '/api/subscription'],
      ['DELETE', '/api/subscription'],
      ['POST', '/api/subscription/portal'],
    ] as const) {
      const anonymous = await server.call(method, path);
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe.each(embeddedBackend)('billing not configured on %s', (backend) => {
  const server = serverForSuite(backend);

  it('says plans are managed by the people who run the server, never a command line; nothing 404s', async () => {
    const person = await server.signUp(newEmail('off'));
    expect((await server.call('GET', '/api/account', { token: person.access })).body.messages).toMatchObject({ showTrial: false });
    expect((await server.call('GET', '/api/subscription', { token: person.access })).body).toEqual({
      enabled: false,
      contact: null,
      trialDays: 0,
      packages: [],
      subscription: null,
      canManageCard: false,
    });
    for (const path of ['/api/subscription', '/api/meet-subscription']) {
      const refused = await server.call('POST', path, { token: person.access, json: { key: 'pro-monthly' } });
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toMatch(/managed by the people who run it/);
      expect(refused.body.msg).not.toMatch(/pnpm|npx|set-plan/);
    }
    expect((await server.call('POST', '/api/subscription/portal', { token: person.access })).status).toBe(409);
    expect((await server.call('GET', '/api/payments', { token: person.access })).body).toEqual({ payments: [] });
    expect((await server.call('DELETE', '/api/subscription', { token: person.access })).body).toBe(false);
    const webhook = await server.call('POST', '/api/stripe/webhook', {
      json: { id: 'evt_1' },
      headers: { 'stripe-signature': 't=1,v1=x' },
    });
    expect(webhook.status).toBe(409);
  });
});
