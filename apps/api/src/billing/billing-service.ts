import { and, desc, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import { PRICES, yearlySavings, type PlanPeriod } from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { invoices, stripeEvents, subscriptions, users } from '../db/schema.ts';
import type { Config } from '../env.ts';
import { badRequest, conflict, HttpError } from '../http/http-error.ts';
import type { Logger } from '../logger.ts';
import type { UserRow } from '../accounts/account-service.ts';
import { PLAN_GIVING_STATUSES, type PlanService } from './plan-service.ts';
import { createStripeClient } from './stripe-client.ts';
import { createStripeEventApplier } from './stripe-events.ts';
import {
  fromSeconds,
  stripeCheckoutSessionSchema,
  stripeCouponSchema,
  stripeEventSchema,
  stripeListSchema,
  stripePromotionCodeSchema,
  stripeSubscriptionSchema,
  stripeUrlObjectSchema,
} from './stripe-objects.ts';

/** Said to people who may not run anything on the server: never a command line. */
export const BILLING_OFF = 'This server takes no payments: plans are managed by the people who run it.';

/** A Stripe promotion code as the coupon service needs it (POST /coupon, /redeem/:code). */
export type PromotionCode = {
  id: string;
  code: string;
  active: boolean;
  expiresAt: Date | null;
  maxRedemptions: number | null;
  timesRedeemed: number;
  /** One of these two is set: a percentage, or an amount in cents of `currency`. */
  percentOff: number | null;
  amountOff: number | null;
  currency: string | null;
  duration: 'once' | 'repeating' | 'forever';
  durationInMonths: number | null;
};

export type PackageKey = 'pro-monthly' | 'pro-yearly' | 'pro-lifetime';
const PACKAGE_PERIODS: Record<PackageKey, PlanPeriod> = { 'pro-monthly': 'Monthly', 'pro-yearly': 'Yearly', 'pro-lifetime': 'Lifetime' };

/** Where the checkout was started: the web app, or the Google Meet add-on's side panel. */
export type CheckoutSurface = 'web' | 'meet';

export type OfferedPackage = { key: PackageKey; period: PlanPeriod; price: number; currency: string; savings?: number };

export type BillingState = {
  enabled: boolean;
  /** Whom to ask about plans when billing is off (SIGNUP_CONTACT); null: the people who run this server. */
  contact: string | null;
  trialDays: number;
  packages: OfferedPackage[];
  subscription: {
    status: string;
    period: PlanPeriod | null;
    /** ISO date; null for Lifetime. */
    renewsAt: string | null;
    cancelAtPeriodEnd: boolean;
  } | null;
  /** Whether a customer exists, so the card can be changed in Stripe's portal. */
  canManageCard: boolean;
};

const PRICE_CACHE_MS = 10 * 60 * 1000;

/**
 * Everything that talks to Stripe: checkout, cancelling, the customer portal, payments, and the
 * webhooks that alone change a subscription (and through plans.recompute, the plan). Without
 * STRIPE_* configuration `enabled` is false and every Stripe call is refused with BILLING_OFF.
 */
export function createBillingService(options: { db: Database; config: Config; plans: PlanService; logger: Logger; now?: () => Date }) {
  const { db, config, plans, logger } = options;
  const now = options.now ?? (() => new Date());
  const billing = config.billing;
  const stripe = billing ? createStripeClient(billing) : null;
  let priceCache: { at: number; packages: OfferedPackage[] } | null = null;

  function client(): Stripe {
    if (!stripe) throw conflict(BILLING_OFF);
    return stripe;
  }

  /** Stripe's refusals and outages as a clear answer, never a 500 with its internals. */
  async function callStripe<Result>(what: string, call: () => Promise<Result>): Promise<Result> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      const stripeError = error as { type?: string; statusCode?: number; message?: string };
      logger.warn(`Stripe refused or failed: ${what}`, {
        type: stripeError.type,
        status: stripeError.statusCode,
        message: stripeError.message,
      });
      if (stripeError.statusCode === 404) return null as Result;
      throw new HttpError(502, `The payment provider could not ${what} just now. Try again in a minute.`);
    }
  }

  function priceOf(key: PackageKey): string | null {
    if (!billing) return null;
    if (key === 'pro-monthly') return billing.prices.monthly;
    if (key === 'pro-yearly') return billing.prices.yearly;
    return billing.prices.lifetime;
  }

  function periodOfPrice(priceId: string | null): PlanPeriod | null {
    if (!billing || !priceId) return null;
    if (priceId === billing.prices.monthly) return 'Monthly';
    if (priceId === billing.prices.yearly) return 'Yearly';
    if (priceId === billing.prices.lifetime) return 'Lifetime';
    return null;
  }

  /** The configured packages with their amounts as Stripe states them (the spec's prices if it cannot say). */
  async function offeredPackages(): Promise<OfferedPackage[]> {
    if (!stripe || !billing) return [];
    if (priceCache && now().getTime() - priceCache.at < PRICE_CACHE_MS) return priceCache.packages;
    const fallback: Record<PackageKey, number> = { 'pro-monthly': PRICES.proMonthly, 'pro-yearly': PRICES.proYearly, 'pro-lifetime': 0 };
    const packages: OfferedPackage[] = [];
    let complete = true;
    for (const key of Object.keys(PACKAGE_PERIODS) as PackageKey[]) {
      const priceId = priceOf(key);
      if (!priceId) continue;
      let price = fallback[key];
      let currency: string = PRICES.currency;
      try {
        const found = await stripe.prices.retrieve(priceId);
        if (typeof found.unit_amount === 'number') price = found.unit_amount / 100;
        currency = found.currency.toUpperCase();
      } catch (error) {
        complete = false;
        logger.warn('Stripe price could not be read; showing the default', { priceId, message: (error as Error).message });
      }
      packages.push({ key, period: PACKAGE_PERIODS[key], price, currency });
    }
    const monthly = packages.find((pack) => pack.key === 'pro-monthly');
    const yearly = packages.find((pack) => pack.key === 'pro-yearly');
    if (monthly && yearly) yearly.savings = yearlySavings(monthly.price, yearly.price);
    if (complete) priceCache = { at: now().getTime(), packages };
    return packages;
  }

  async function liveSubscription(userId: number) {
    const [live] = await db
      .select()
      .from(subscriptions)
      .where(
        and(eq(subscriptions.userId, userId), eq(subscriptions.product, 'pro'), inArray(subscriptions.status, [...PLAN_GIVING_STATUSES])),
      )
      .orderBy(desc(subscriptions.eventAt))
      .limit(1);
    return live ?? null;
  }

  async function hadSubscription(userId: number): Promise<boolean> {
    const [any] = await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
    return any !== undefined;
  }

  /** The person's Stripe customer, made once and kept in users.stripe_id. */
  async function customerFor(user: UserRow): Promise<string> {
    if (user.stripeId) return user.stripeId;
    const customer = await callStripe('create your customer record', () =>
      client().customers.create({ email: user.email, name: user.name ?? undefined, metadata: { userId: String(user.id) } }),
    );
    if (!customer) throw new HttpError(502, 'The payment provider could not create your customer record just now.');
    const [saved] = await db
      .update(users)
      .set({ stripeId: customer.id })
      .where(and(eq(users.id, user.id), isNull(users.stripeId)))
      .returning({ stripeId: users.stripeId });
    if (saved?.stripeId) return saved.stripeId;
    // Another request made one first: theirs is kept.
    const [row] = await db.select({ stripeId: users.stripeId }).from(users).where(eq(users.id, user.id));
    return row?.stripeId ?? customer.id;
  }

  async function findPromotionCode(code: string): Promise<PromotionCode | null> {
    if (!stripe) return null;
    const trimmed = code.trim();
    if (!trimmed || trimmed.length > 64) return null;
    const list = await callStripe('look up this code', () =>
      stripe.promotionCodes.list({ code: trimmed, limit: 1, expand: ['data.promotion.coupon'] }),
    );
    if (!list) return null;
    const [found] = stripeListSchema(stripePromotionCodeSchema).parse(list).data;
    if (!found) return null;
    let coupon = found.promotion.coupon;
    if (typeof coupon === 'string') {
      const id = coupon;
      const retrieved = await callStripe('look up this code', () => stripe.coupons.retrieve(id));
      coupon = retrieved ? stripeCouponSchema.parse(retrieved) : null;
    }
    if (!coupon) return null;
    return {
      id: found.id,
      code: found.code,
      active: found.active && coupon.valid,
      expiresAt: fromSeconds(found.expires_at),
      maxRedemptions: found.max_redemptions,
      timesRedeemed: found.times_redeemed,
      percentOff: coupon.percent_off,
      amountOff: coupon.amount_off,
      currency: coupon.currency ? coupon.currency.toUpperCase() : null,
      duration: coupon.duration,
      durationInMonths: coupon.duration_in_months,
    };
  }

  const events = createStripeEventApplier({
    db,
    now,
    lifetimePrice: billing?.prices.lifetime ?? null,
    periodOfPrice,
    async retrieveSubscription(id) {
      const retrieved = await callStripe('confirm the subscription', () => client().subscriptions.retrieve(id));
      return retrieved ? stripeSubscriptionSchema.parse(retrieved) : null;
    },
  });

  return {
    /** True when STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_MONTHLY are set. */
    enabled: stripe !== null,

    /**
     * A Stripe promotion code by the code a person typed (case as Stripe matches it), or null
     * when there is none or billing is off. Used by the coupon service.
     */
    findPromotionCode,

    /** Whether the person ever had a subscription (a trial is for a first one only). */
    hadSubscription,

    /** GET /subscription: what the upgrade page shows. */
    async state(user: UserRow): Promise<BillingState> {
      const live = stripe ? await liveSubscription(user.id) : null;
      return {
        enabled: stripe !== null,
        contact: stripe ? null : config.signup.contact,
        trialDays: stripe ? config.trialDays : 0,
        packages: await offeredPackages(),
        subscription: live
          ? {
              status: live.status,
              period: live.period,
              renewsAt: live.currentPeriodEnd?.toISOString() ?? null,
              cancelAtPeriodEnd: live.cancelAtPeriodEnd,
            }
          : null,
        canManageCard: stripe !== null && user.stripeId !== null,
      };
    },

    /** POST /subscription and /meet-subscription: a Checkout Session's URL, or the live subscription's status. */
    async subscribe(user: UserRow, request: { key: string; coupon?: string | undefined }, surface: CheckoutSurface) {
      const stripeClient = client();
      if (!(request.key in PACKAGE_PERIODS)) {
        throw badRequest(`key: must be one of ${Object.keys(PACKAGE_PERIODS).join(', ')}`);
      }
      const key = request.key as PackageKey;
      const priceId = priceOf(key);
      if (!priceId) throw badRequest(`key: ${key} is not offered on this server`);
      const live = await liveSubscription(user.id);
      if (live) return { status: live.status };
      let discounts: Array<{ promotion_code: string }> | null = null;
      if (request.coupon) {
        const promotion = await findPromotionCode(request.coupon);
        if (!promotion) throw badRequest('coupon: there is no promotion code with this code');
        const expired = promotion.expiresAt !== null && promotion.expiresAt <= now();
        const exhausted = promotion.maxRedemptions !== null && promotion.timesRedeemed >= promotion.maxRedemptions;
        if (!promotion.active || expired || exhausted) throw badRequest('coupon: this promotion code can no longer be used');
        discounts = [{ promotion_code: promotion.id }];
      }
      const customer = await customerFor(user);
      const subscriptionMode = key !== 'pro-lifetime';
      const trial = subscriptionMode && config.trialDays > 0 && !(await hadSubscription(user.id));
      const metadata = { userId: String(user.id), package: key, surface };
      const session = await callStripe('start the checkout', () =>
        stripeClient.checkout.sessions.create({
          mode: subscriptionMode ? 'subscription' : 'payment',
          customer,
          client_reference_id: String(user.id),
          line_items: [{ price: priceId, quantity: 1 }],
          success_url: `${config.publicUrl}/static/payment-success?session_id={CHECKOUT_SESSION_ID}${surface === 'meet' ? '&surface=meet' : ''}`,
          cancel_url: `${config.publicUrl}/upgrade`,
          metadata,
          ...(subscriptionMode ? { subscription_data: { metadata, ...(trial ? { trial_period_days: config.trialDays } : {}) } } : {}),
          ...(discounts ? { discounts } : { allow_promotion_codes: true }),
        }),
      );
      const parsed = session ? stripeCheckoutSessionSchema.parse(session) : null;
      if (!parsed?.url) throw new HttpError(502, 'The payment provider did not answer with a checkout page. Try again in a minute.');
      return { checkout_url: parsed.url };
    },

    /** DELETE /subscription: cancels the live subscription at the end of its period; false when there is none. */
    async cancel(user: UserRow): Promise<boolean> {
      if (!stripe) return false;
      const [live] = await db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, user.id),
            inArray(subscriptions.status, [...PLAN_GIVING_STATUSES]),
            or(isNull(subscriptions.period), ne(subscriptions.period, 'Lifetime')),
          ),
        )
        .orderBy(desc(subscriptions.eventAt))
        .limit(1);
      if (!live) return false;
      const updated = await callStripe('cancel the subscription', () =>
        stripe.subscriptions.update(live.id, { cancel_at_period_end: true }),
      );
      if (!updated) return false;
      const subscription = stripeSubscriptionSchema.parse(updated);
      // Only the flag the page shows; the plan changes when Stripe's deletion webhook comes.
      await db.update(subscriptions).set({ cancelAtPeriodEnd: subscription.cancel_at_period_end }).where(eq(subscriptions.id, live.id));
      return subscription.cancel_at_period_end;
    },

    /** POST /subscription/portal: a Stripe customer portal session, to change the card or see invoices. */
    async portal(user: UserRow): Promise<{ url: string }> {
      const stripeClient = client();
      if (!user.stripeId) throw conflict('There is no card on file yet: subscribe first.');
      const customer = user.stripeId;
      const session = await callStripe('open the billing portal', () =>
        stripeClient.billingPortal.sessions.create({ customer, return_url: `${config.publicUrl}/upgrade` }),
      );
      if (!session) throw new HttpError(502, 'The payment provider did not answer with a portal page. Try again in a minute.');
      return { url: stripeUrlObjectSchema.parse(session).url };
    },

    /** GET /payments: the person's invoices, newest first, amounts in cents. */
    async payments(userId: number) {
      const rows = await db
        .select()
        .from(invoices)
        .where(eq(invoices.userId, userId))
        // Invoices of the same second: the one Stripe reported last first.
        .orderBy(desc(invoices.issuedAt), desc(invoices.createdAt), desc(invoices.id))
        .limit(500);
      return rows.map((row) => ({
        paid: row.paid,
        date: row.issuedAt.toISOString(),
        receipt: row.hostedUrl,
        currency: row.currency,
        amount: row.amountCents,
      }));
    },

    /**
     * POST /api/stripe/webhook. The signature is checked on the raw body; an event seen before
     * changes nothing; an older event never overwrites a newer one's subscription state.
     */
    async receiveWebhook(rawBody: string, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
      const stripeClient = client();
      if (!signature) throw badRequest('The Stripe-Signature header is missing');
      let verified: unknown;
      try {
        verified = stripeClient.webhooks.constructEvent(rawBody, signature, billing!.webhookSecret);
      } catch {
        throw badRequest('The webhook signature does not match this endpoint’s signing secret');
      }
      const parsed = stripeEventSchema.safeParse(verified);
      if (!parsed.success) throw badRequest('The webhook payload is not a Stripe event');
      const event = parsed.data;
      const [seen] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id));
      if (seen) return { received: true, duplicate: true };
      let touched: number[];
      try {
        touched = await events.apply(event);
      } catch (error) {
        if (error instanceof HttpError) throw error;
        logger.warn('A Stripe event could not be read', { eventId: event.id, type: event.type, message: (error as Error).message });
        throw badRequest(`The ${event.type} event's object is not what Stripe sends`);
      }
      for (const userId of new Set(touched)) await plans.recompute(userId);
      // Recorded last: a delivery that failed half-way is applied again in full when Stripe retries.
      const [inserted] = await db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
      return { received: true, duplicate: inserted === undefined };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
