import { and, eq, inArray, lte, notInArray } from 'drizzle-orm';
import type { PlanPeriod } from '@vocal/settings-model';
import type { Database } from '../db/database.ts';
import { invoices, subscriptions, users } from '../db/schema.ts';
import { HttpError } from '../http/http-error.ts';
import {
  fromSeconds,
  stripeCheckoutSessionSchema,
  stripeInvoiceSchema,
  stripeSubscriptionSchema,
  type StripeEvent,
  type StripeInvoice,
  type StripeSubscription,
} from './stripe-objects.ts';

/** Stripe's final states of a subscription: nothing brings one back (a new subscription is made instead). */
const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired']);

/**
 * What a verified Stripe event changes in our tables: the subscription it announces, the invoice
 * it reports, a Lifetime purchase. The billing service verifies and records each event once;
 * this is the half that reads it. Stripe itself is asked only to settle which of two events of
 * one second is current (`retrieveSubscription`).
 */
export function createStripeEventApplier(options: {
  db: Database;
  now: () => Date;
  /** STRIPE_PRICE_LIFETIME, when Lifetime is offered. */
  lifetimePrice: string | null;
  periodOfPrice(priceId: string | null): PlanPeriod | null;
  /** Stripe's copy of a subscription now, or null when Stripe cannot say. */
  retrieveSubscription(id: string): Promise<StripeSubscription | null>;
}) {
  const { db, now, lifetimePrice, periodOfPrice, retrieveSubscription } = options;

  async function userForCustomer(customerId: string | null): Promise<number | null> {
    if (!customerId) return null;
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.stripeId, customerId));
    return row?.id ?? null;
  }

  /** A checkout's person: by customer, else by the user id we sent, if that account has no other customer. */
  async function userForCheckout(customerId: string | null, reference: string | null): Promise<number | null> {
    const byCustomer = await userForCustomer(customerId);
    if (byCustomer !== null || !reference || !/^\d{1,10}$/.test(reference)) return byCustomer;
    const userId = Number(reference);
    const [row] = await db.select({ id: users.id, stripeId: users.stripeId }).from(users).where(eq(users.id, userId));
    if (!row || (row.stripeId && row.stripeId !== customerId)) return null;
    if (customerId && !row.stripeId) await db.update(users).set({ stripeId: customerId }).where(eq(users.id, userId));
    return userId;
  }

  /**
   * Writes what Stripe says of a subscription, unless a newer event already wrote more recent
   * news. Events carry whole seconds, so two of one second tie (issue 23, finding 9): a deleted
   * subscription stays deleted (Stripe never reactivates a cancelled one, so no later event may
   * either), and two that disagree are settled by Stripe's own copy of the subscription now.
   */
  async function saveSubscription(userId: number, announced: StripeSubscription, eventAt: Date): Promise<void> {
    const [stored] = await db
      .select({ status: subscriptions.status, eventAt: subscriptions.eventAt })
      .from(subscriptions)
      .where(eq(subscriptions.id, announced.id));
    if (stored && ENDED_STATUSES.has(stored.status)) return;
    let subscription = announced;
    if (stored && stored.eventAt.getTime() === eventAt.getTime() && stored.status !== announced.status) {
      const retrieved = await retrieveSubscription(announced.id);
      // Not knowing which came last, nothing is written: Stripe delivers the event again later.
      if (!retrieved) throw new HttpError(503, 'Stripe could not be asked which of two events is current; deliver it again');
      subscription = retrieved;
    }
    const item = subscription.items.data[0];
    const priceId = item?.price?.id ?? null;
    const values = {
      customerId: subscription.customer,
      product: 'pro' as const,
      status: subscription.status,
      priceId,
      period: periodOfPrice(priceId),
      currentPeriodEnd: fromSeconds(item?.current_period_end),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      eventAt,
    };
    await db
      .insert(subscriptions)
      .values({ id: subscription.id, userId, ...values })
      .onConflictDoUpdate({
        target: subscriptions.id,
        set: values,
        setWhere: and(lte(subscriptions.eventAt, eventAt), notInArray(subscriptions.status, [...ENDED_STATUSES])),
      });
  }

  async function saveInvoice(userId: number, invoice: StripeInvoice): Promise<void> {
    const paid = invoice.status === 'paid';
    const values = {
      subscriptionId: invoice.parent?.subscription_details?.subscription ?? null,
      amountCents: paid ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency.toUpperCase(),
      paid,
      status: invoice.status ?? 'open',
      hostedUrl: invoice.hosted_invoice_url,
      issuedAt: new Date(invoice.created * 1000),
      paidAt: paid ? (fromSeconds(invoice.status_transitions?.paid_at) ?? now()) : null,
    };
    await db
      .insert(invoices)
      .values({ id: invoice.id, userId, ...values })
      // A paid invoice stays paid: a failure reported late cannot make it Unpaid again.
      .onConflictDoUpdate({ target: invoices.id, set: values, setWhere: eq(invoices.paid, false) });
  }

  /** Applies one verified event; answers the users whose plan it may have changed. */
  async function apply(event: StripeEvent): Promise<number[]> {
    const eventAt = new Date(event.created * 1000);
    const object = event.data.object;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = stripeCheckoutSessionSchema.parse(object);
        const userId = await userForCheckout(session.customer, session.client_reference_id);
        if (userId === null) return [];
        if (session.mode === 'subscription' && session.subscription) {
          const retrieved = await retrieveSubscription(session.subscription);
          if (retrieved) await saveSubscription(userId, retrieved, eventAt);
        } else if (session.mode === 'payment' && session.payment_status === 'paid' && session.metadata?.package === 'pro-lifetime') {
          // Lifetime is one payment, no subscription: its checkout session stands for one that never ends.
          await db
            .insert(subscriptions)
            .values({
              id: session.id,
              userId,
              customerId: session.customer ?? '',
              product: 'pro',
              status: 'active',
              priceId: lifetimePrice,
              period: 'Lifetime',
              currentPeriodEnd: null,
              eventAt,
            })
            .onConflictDoNothing();
        }
        return [userId];
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'customer.subscription.paused':
      case 'customer.subscription.resumed': {
        const subscription = stripeSubscriptionSchema.parse(object);
        const [known] = await db.select({ userId: subscriptions.userId }).from(subscriptions).where(eq(subscriptions.id, subscription.id));
        const userId = known?.userId ?? (await userForCustomer(subscription.customer));
        if (userId === null) return [];
        await saveSubscription(userId, subscription, eventAt);
        return [userId];
      }
      case 'invoice.paid':
      case 'invoice.payment_succeeded':
      case 'invoice.payment_failed':
      case 'invoice.finalized': {
        const invoice = stripeInvoiceSchema.parse(object);
        const userId = await userForCustomer(invoice.customer);
        if (userId === null) return [];
        await saveInvoice(userId, invoice);
        const subscriptionId = invoice.parent?.subscription_details?.subscription;
        if (event.type === 'invoice.payment_failed' && subscriptionId) {
          // Stripe retries the card; meanwhile the subscription is past due (still Pro, per plan-service).
          await db
            .update(subscriptions)
            .set({ status: 'past_due', eventAt })
            .where(
              and(
                eq(subscriptions.id, subscriptionId),
                inArray(subscriptions.status, ['active', 'trialing']),
                lte(subscriptions.eventAt, eventAt),
              ),
            );
        }
        return [userId];
      }
      default:
        return [];
    }
  }

  return { apply };
}
