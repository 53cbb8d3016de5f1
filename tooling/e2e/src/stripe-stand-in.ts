import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local server speaking the part of Stripe's API the product calls (customers, Checkout
 * Sessions, subscriptions, invoices, billing portal sessions, prices, promotion codes and
 * coupons) with Stripe-shaped JSON, and a hosted-checkout stand-in page at each session's url
 * whose Pay button makes the subscription and sends the signed webhooks a real payment sends.
 * Webhooks are signed with the library's own `webhooks.generateTestHeaderString`.
 *
 * Point the product at it with `standIn.env()` (STRIPE_API_URL and the rest), and tell it where
 * the product's webhook endpoint is with `deliverTo(url)` once the product has a port.
 */

type Json = Record<string, unknown>;
type PriceRow = { id: string; unitAmount: number; currency: string; interval: 'month' | 'year' | null };
type CouponRow = {
  id: string;
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
  duration: 'once' | 'repeating' | 'forever';
  duration_in_months: number | null;
  valid: boolean;
};
type PromotionRow = {
  id: string;
  code: string;
  active: boolean;
  expires_at: number | null;
  max_redemptions: number | null;
  times_redeemed: number;
  coupon: string;
};
type SessionRow = {
  id: string;
  mode: 'payment' | 'subscription' | 'setup';
  customer: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
  price: string;
  trialDays: number | null;
  promotionCode: string | null;
  success_url: string;
  cancel_url: string;
  status: 'open' | 'complete';
  subscription: string | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
};
type SubscriptionRow = {
  id: string;
  customer: string;
  status: string;
  price: string;
  currentPeriodEnd: number;
  cancel_at_period_end: boolean;
  trial_end: number | null;
  metadata: Record<string, string>;
  created: number;
};
type InvoiceRow = {
  id: string;
  customer: string;
  subscription: string | null;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  currency: string;
  amount_due: number;
  amount_paid: number;
  created: number;
  paid_at: number | null;
};

/** A promotion code to seed: a percentage or an amount (cents) off. Over HTTP, `expiresAt` is an ISO date. */
export type PromotionCodeSeed = {
  code: string;
  percentOff?: number;
  amountOff?: number;
  currency?: string;
  duration?: 'once' | 'repeating' | 'forever';
  durationInMonths?: number;
  active?: boolean;
  expiresAt?: Date | string;
  maxRedemptions?: number;
  timesRedeemed?: number;
};

/** Seeds a promotion code on a stand-in started in another process (the browser tests' global setup). */
export async function seedStandInPromotionCode(
  standInUrl: string,
  promotion: PromotionCodeSeed,
): Promise<{ id: string; couponId: string }> {
  const response = await fetch(`${standInUrl}/_stand-in/promotion-codes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(promotion),
  });
  if (!response.ok) throw new Error(`The Stripe stand-in refused the promotion code: ${response.status}`);
  return (await response.json()) as { id: string; couponId: string };
}

export type StripeStandInRequest = { method: string; path: string; body: Json; authorized: boolean };
export type DeliveredEvent = { event: Json; status: number; body: string };

export const STAND_IN_PRICES = {
  monthly: { id: 'price_pro_monthly', unitAmount: 3000, currency: 'usd', interval: 'month' },
  yearly: { id: 'price_pro_yearly', unitAmount: 29_900, currency: 'usd', interval: 'year' },
  lifetime: { id: 'price_pro_lifetime', unitAmount: 59_900, currency: 'usd', interval: null },
} as const satisfies Record<string, PriceRow>;

const DAY = 24 * 60 * 60;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Stripe's form encoding (`a[b][0][c]=d`) to nested objects; arrays stay objects keyed by index. */
export function parseStripeForm(body: string): Json {
  const result: Json = {};
  for (const [fullKey, value] of new URLSearchParams(body)) {
    const parts = fullKey.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let target = result;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) target[part] = value;
      else target = (target[part] ??= {}) as Json;
    });
  }
  return result;
}

const record = (value: unknown): Record<string, string> =>
  value && typeof value === 'object' ? Object.fromEntries(Object.entries(value as Json).map(([key, item]) => [key, String(item)])) : {};

export async function startStripeStandIn(options: { webhookUrl?: string } = {}) {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const stripe = new Stripe(secretKey);
  let webhookUrl = options.webhookUrl ?? null;
  let lastEventAt = 0;

  const prices = new Map<string, PriceRow>(Object.values(STAND_IN_PRICES).map((price) => [price.id, { ...price }]));
  const customers = new Map<string, Json>();
  const sessions = new Map<string, SessionRow>();
  const subscriptions = new Map<string, SubscriptionRow>();
  const invoices = new Map<string, InvoiceRow>();
  const coupons = new Map<string, CouponRow>();
  const promotions = new Map<string, PromotionRow>();
  const requests: StripeStandInRequest[] = [];
  const delivered: DeliveredEvent[] = [];
  const pending = new Set<Promise<unknown>>();

  // ---- Stripe-shaped objects ----

  const priceJson = (price: PriceRow) => ({
    id: price.id,
    object: 'price',
    active: true,
    currency: price.currency,
    unit_amount: price.unitAmount,
    type: price.interval ? 'recurring' : 'one_time',
    recurring: price.interval ? { interval: price.interval, interval_count: 1 } : null,
    product: 'prod_vocal_pro',
  });
  const couponJson = (coupon: CouponRow) => ({ object: 'coupon', ...coupon });
  const promotionJson = (promotion: PromotionRow, expandCoupon: boolean) => ({
    id: promotion.id,
    object: 'promotion_code',
    active: promotion.active,
    code: promotion.code,
    created: nowSeconds(),
    customer: null,
    expires_at: promotion.expires_at,
    livemode: false,
    max_redemptions: promotion.max_redemptions,
    metadata: {},
    promotion: { type: 'coupon', coupon: expandCoupon ? couponJson(coupons.get(promotion.coupon)!) : promotion.coupon },
    restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
    times_redeemed: promotion.times_redeemed,
  });
  const sessionJson = (session: SessionRow) => ({
    id: session.id,
    object: 'checkout.session',
    mode: session.mode,
    customer: session.customer,
    client_reference_id: session.client_reference_id,
    metadata: session.metadata,
    status: session.status,
    payment_status: session.payment_status,
    subscription: session.subscription,
    success_url: session.success_url,
    cancel_url: session.cancel_url,
    url: session.status === 'open' ? `${url}/checkout/${session.id}` : null,
    livemode: false,
  });
  const subscriptionJson = (subscription: SubscriptionRow) => ({
    id: subscription.id,
    object: 'subscription',
    customer: subscription.customer,
    status: subscription.status,
    cancel_at_period_end: subscription.cancel_at_period_end,
    canceled_at: subscription.status === 'canceled' ? nowSeconds() : null,
    created: subscription.created,
    trial_end: subscription.trial_end,
    metadata: subscription.metadata,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${subscription.id.slice(4)}`,
          object: 'subscription_item',
          current_period_end: subscription.currentPeriodEnd,
          current_period_start: subscription.created,
          price: priceJson(prices.get(subscription.price)!),
          quantity: 1,
        },
      ],
    },
    livemode: false,
  });
  const invoiceJson = (invoice: InvoiceRow) => ({
    id: invoice.id,
    object: 'invoice',
    customer: invoice.customer,
    status: invoice.status,
    currency: invoice.currency,
    amount_due: invoice.amount_due,
    amount_paid: invoice.amount_paid,
    amount_remaining: invoice.amount_due - invoice.amount_paid,
    created: invoice.created,
    hosted_invoice_url: `${url}/invoice/${invoice.id}`,
    invoice_pdf: `${url}/invoice/${invoice.id}.pdf`,
    status_transitions: { paid_at: invoice.paid_at, finalized_at: invoice.created },
    parent: invoice.subscription
      ? { type: 'subscription_details', subscription_details: { subscription: invoice.subscription, metadata: {} } }
      : null,
    livemode: false,
  });

  // ---- webhooks ----

  /** An event as Stripe sends it; `created` never goes back in time, so order is preserved. */
  function event(type: string, object: Json, created?: number): Json {
    const at = created ?? Math.max(nowSeconds(), lastEventAt);
    if (created === undefined) lastEventAt = at;
    return { id: newId('evt'), object: 'event', api_version: Stripe.API_VERSION, created: at, type, livemode: false, data: { object } };
  }

  function signedHeader(payload: string, secret = webhookSecret): string {
    return stripe.webhooks.generateTestHeaderString({ payload, secret });
  }

  /** Signs and posts one event to the product's webhook endpoint; the answer is kept in `delivered`. */
  async function deliver(payloadEvent: Json, deliverOptions: { secret?: string; payload?: string } = {}): Promise<DeliveredEvent> {
    if (!webhookUrl) throw new Error('The Stripe stand-in does not know where to send webhooks yet: call deliverTo(url)');
    const payload = deliverOptions.payload ?? JSON.stringify(payloadEvent);
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signedHeader(payload, deliverOptions.secret) },
      body: payload,
    });
    const result = { event: payloadEvent, status: response.status, body: await response.text() };
    delivered.push(result);
    return result;
  }

  /** Sent after the API call answers, as Stripe does; `settled()` waits for them. */
  function deliverLater(...events: Json[]) {
    const run = (async () => {
      for (const item of events) await deliver(item);
    })();
    pending.add(run);
    void run.finally(() => pending.delete(run));
  }

  function discountedAmount(amount: number, promotionId: string | null): number {
    if (!promotionId) return amount;
    const coupon = coupons.get(promotions.get(promotionId)?.coupon ?? '');
    if (!coupon) return amount;
    if (coupon.percent_off !== null) return Math.round(amount * (1 - coupon.percent_off / 100));
    return Math.max(0, amount - (coupon.amount_off ?? 0));
  }

  function newInvoice(customer: string, subscription: string | null, amount: number, currency: string, paid: boolean): InvoiceRow {
    const at = nowSeconds();
    const invoice: InvoiceRow = {
      id: newId('in'),
      customer,
      subscription,
      status: paid ? 'paid' : 'open',
      currency,
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      created: at,
      paid_at: paid ? at : null,
    };
    invoices.set(invoice.id, invoice);
    return invoice;
  }

  /** What pressing Pay on the hosted checkout does: the subscription, the invoice, and their webhooks, delivered in order. */
  async function pay(sessionId: string): Promise<{ redirect: string; subscription: SubscriptionRow | null; invoice: InvoiceRow }> {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No checkout session ${sessionId}`);
    if (session.status !== 'open') throw new Error(`Checkout session ${sessionId} is ${session.status}`);
    const price = prices.get(session.price)!;
    const customer = session.customer ?? String(newCustomer({}).id);
    session.customer = customer;
    if (session.promotionCode) promotions.get(session.promotionCode)!.times_redeemed += 1;
    const events: Json[] = [];
    let subscription: SubscriptionRow | null = null;
    let invoice: InvoiceRow;
    if (session.mode === 'subscription') {
      const created = nowSeconds();
      const trialEnd = session.trialDays ? created + session.trialDays * DAY : null;
      const made: SubscriptionRow = {
        id: newId('sub'),
        customer,
        status: trialEnd ? 'trialing' : 'active',
        price: price.id,
        currentPeriodEnd: trialEnd ?? created + (price.interval === 'year' ? 365 : 30) * DAY,
        cancel_at_period_end: false,
        trial_end: trialEnd,
        metadata: session.subscriptionMetadata,
        created,
      };
      subscription = made;
      subscriptions.set(made.id, made);
      session.subscription = made.id;
      invoice = newInvoice(
        customer,
        made.id,
        trialEnd ? 0 : discountedAmount(price.unitAmount, session.promotionCode),
        price.currency,
        true,
      );
      events.push(event('customer.subscription.created', subscriptionJson(made)));
    } else {
      invoice = newInvoice(customer, null, discountedAmount(price.unitAmount, session.promotionCode), price.currency, true);
    }
    session.status = 'complete';
    session.payment_status = 'paid';
    events.push(event('checkout.session.completed', sessionJson(session)));
    events.push(event('invoice.paid', invoiceJson(invoice)));
    for (const item of events) await deliver(item);
    return { redirect: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id), subscription, invoice };
  }

  function newCustomer(body: Json): Json {
    const customer = {
      id: newId('cus'),
      object: 'customer',
      email: typeof body.email === 'string' ? body.email : null,
      name: typeof body.name === 'string' ? body.name : null,
      metadata: record(body.metadata),
      created: nowSeconds(),
      livemode: false,
    };
    customers.set(customer.id, customer);
    return customer;
  }

  function addPromotionCode(promotion: PromotionCodeSeed) {
    const coupon: CouponRow = {
      id: newId('co'),
      percent_off: promotion.percentOff ?? null,
      amount_off: promotion.amountOff ?? null,
      currency: promotion.amountOff !== undefined ? (promotion.currency ?? 'usd') : null,
      duration: promotion.duration ?? 'once',
      duration_in_months: promotion.durationInMonths ?? null,
      valid: true,
    };
    coupons.set(coupon.id, coupon);
    const row: PromotionRow = {
      id: newId('promo'),
      code: promotion.code,
      active: promotion.active ?? true,
      expires_at: promotion.expiresAt ? Math.floor(new Date(promotion.expiresAt).getTime() / 1000) : null,
      max_redemptions: promotion.maxRedemptions ?? null,
      times_redeemed: promotion.timesRedeemed ?? 0,
      coupon: coupon.id,
    };
    promotions.set(row.id, row);
    return { id: row.id, couponId: coupon.id };
  }

  // ---- the HTTP server ----

  function send(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    response.end(JSON.stringify(body));
  }
  const missing = (response: ServerResponse, what: string) =>
    send(response, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });
  const invalid = (response: ServerResponse, message: string) => send(response, 400, { error: { type: 'invalid_request_error', message } });

  function page(response: ServerResponse, title: string, body: string) {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>` +
        '<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:24px;background:#f6f9fc;color:#1a1f36}main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 8px #0002}' +
        'button{font:inherit;min-height:44px;width:100%;border:0;border-radius:8px;background:#635bff;color:#fff;font-weight:600;cursor:pointer}a{color:#4a3fd6}dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px}dd{margin:0;overflow-wrap:anywhere}dt{color:#4f566b}</style>' +
        `</head><body><main>${body}</main></body></html>`,
    );
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString();
    const address = new URL(request.url ?? '/', url);
    const method = request.method ?? 'GET';
    const path = address.pathname;
    const body = method === 'GET' ? parseStripeForm(address.searchParams.toString()) : parseStripeForm(raw);
    const authorized = request.headers.authorization === `Bearer ${secretKey}`;

    // The hosted pages a browser opens (no API key: Stripe's own pages).
    let match = /^\/checkout\/([\w]+)$/.exec(path);
    if (match && method === 'GET') {
      const session = sessions.get(match[1]!);
      if (!session) return page(response, 'Not found', '<h1>This checkout does not exist</h1>');
      if (session.status !== 'open') return page(response, 'Paid', '<h1>This checkout is complete</h1>');
      const price = prices.get(session.price)!;
      const amount = discountedAmount(price.unitAmount, session.promotionCode);
      return page(
        response,
        'Checkout (Stripe stand-in)',
        `<h1>Pay Vocal</h1><p>Stripe stand-in for tests: no card is charged.</p><dl><dt>Price</dt><dd>${(amount / 100).toFixed(2)} ${price.currency.toUpperCase()}${price.interval ? ` per ${price.interval}` : ' once'}</dd>` +
          `${session.trialDays ? `<dt>Trial</dt><dd>${session.trialDays} days free</dd>` : ''}<dt>Customer</dt><dd>${escapeHtml(String(customers.get(session.customer ?? '')?.email ?? ''))}</dd></dl>` +
          `<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay</button></form><p><a href="${escapeHtml(session.cancel_url)}">Cancel and go back</a></p>`,
      );
    }
    match = /^\/checkout\/([\w]+)\/pay$/.exec(path);
    if (match && method === 'POST') {
      const paid = await pay(match[1]!);
      response.writeHead(303, { location: paid.redirect });
      return response.end();
    }
    match = /^\/portal\/([\w]+)$/.exec(path);
    if (match && method === 'GET') {
      return page(
        response,
        'Billing portal (Stripe stand-in)',
        `<h1>Billing portal</h1><p>Customer ${escapeHtml(match[1]!)}: the card would be changed here.</p>`,
      );
    }
    match = /^\/invoice\/([\w]+)(\.pdf)?$/.exec(path);
    if (match && method === 'GET') {
      const invoice = invoices.get(match[1]!);
      if (!invoice) return page(response, 'Not found', '<h1>No such invoice</h1>');
      return page(
        response,
        `Invoice ${invoice.id}`,
        `<h1>Invoice</h1><p>${(invoice.amount_due / 100).toFixed(2)} ${invoice.currency.toUpperCase()}, ${invoice.status}</p>`,
      );
    }

    // For browser-test files in other processes than the one that started the stand-in.
    if (path === '/_stand-in/promotion-codes' && method === 'POST') {
      return send(response, 200, addPromotionCode(JSON.parse(raw) as PromotionCodeSeed));
    }
    if (!path.startsWith('/v1/')) return missing(response, `page ${path}`);
    requests.push({ method, path, body, authorized });
    if (!authorized) {
      return send(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }

    if (method === 'POST' && path === '/v1/customers') return send(response, 200, newCustomer(body));
    match = /^\/v1\/customers\/([\w]+)$/.exec(path);
    if (match && method === 'GET') {
      const customer = customers.get(match[1]!);
      return customer ? send(response, 200, customer) : missing(response, `customer: '${match[1]}'`);
    }
    match = /^\/v1\/prices\/([\w]+)$/.exec(path);
    if (match && method === 'GET') {
      const price = prices.get(match[1]!);
      return price ? send(response, 200, priceJson(price)) : missing(response, `price: '${match[1]}'`);
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const lineItem = (body.line_items as Json | undefined)?.['0'] as Json | undefined;
      const priceId = String(lineItem?.price ?? '');
      if (!prices.has(priceId)) return invalid(response, `No such price: '${priceId}'`);
      const mode = String(body.mode) as SessionRow['mode'];
      if (!['payment', 'subscription', 'setup'].includes(mode)) return invalid(response, 'Invalid mode');
      const customer = typeof body.customer === 'string' ? body.customer : null;
      if (customer && !customers.has(customer)) return invalid(response, `No such customer: '${customer}'`);
      if (typeof body.success_url !== 'string' || typeof body.cancel_url !== 'string')
        return invalid(response, 'success_url and cancel_url are required');
      const discount = (body.discounts as Json | undefined)?.['0'] as Json | undefined;
      const promotionCode = typeof discount?.promotion_code === 'string' ? discount.promotion_code : null;
      if (promotionCode && !promotions.get(promotionCode)?.active) return invalid(response, `No such promotion code: '${promotionCode}'`);
      if (promotionCode && body.allow_promotion_codes)
        return invalid(response, 'You may only specify one of these parameters: allow_promotion_codes, discounts.');
      const subscriptionData = (body.subscription_data as Json | undefined) ?? {};
      const session: SessionRow = {
        id: newId('cs_test'),
        mode,
        customer,
        client_reference_id: typeof body.client_reference_id === 'string' ? body.client_reference_id : null,
        metadata: record(body.metadata),
        subscriptionMetadata: record(subscriptionData.metadata),
        price: priceId,
        trialDays: subscriptionData.trial_period_days ? Number(subscriptionData.trial_period_days) : null,
        promotionCode,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        status: 'open',
        subscription: null,
        payment_status: 'unpaid',
      };
      sessions.set(session.id, session);
      return send(response, 200, sessionJson(session));
    }
    match = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
    if (match && method === 'GET') {
      const session = sessions.get(match[1]!);
      return session ? send(response, 200, sessionJson(session)) : missing(response, `checkout.session: '${match[1]}'`);
    }
    match = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
    if (match) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) return missing(response, `subscription: '${match[1]}'`);
      if (method === 'GET') return send(response, 200, subscriptionJson(subscription));
      if (method === 'POST') {
        if (body.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
        send(response, 200, subscriptionJson(subscription));
        return deliverLater(event('customer.subscription.updated', subscriptionJson(subscription)));
      }
      if (method === 'DELETE') {
        subscription.status = 'canceled';
        send(response, 200, subscriptionJson(subscription));
        return deliverLater(event('customer.subscription.deleted', subscriptionJson(subscription)));
      }
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const list = [...invoices.values()]
        .filter((invoice) => !body.customer || invoice.customer === body.customer)
        .filter((invoice) => !body.subscription || invoice.subscription === body.subscription)
        .sort((a, b) => b.created - a.created)
        .map(invoiceJson);
      return send(response, 200, { object: 'list', data: list, has_more: false, url: '/v1/invoices' });
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = String(body.customer ?? '');
      if (!customers.has(customer)) return invalid(response, `No such customer: '${customer}'`);
      return send(response, 200, {
        id: newId('bps'),
        object: 'billing_portal.session',
        customer,
        return_url: body.return_url ?? null,
        url: `${url}/portal/${customer}`,
        livemode: false,
      });
    }
    if (method === 'GET' && path === '/v1/promotion_codes') {
      const expand = Object.values((body.expand as Json | undefined) ?? {}).includes('data.promotion.coupon');
      const list = [...promotions.values()]
        .filter((promotion) => !body.code || promotion.code.toLowerCase() === String(body.code).toLowerCase())
        .filter((promotion) => body.active === undefined || String(promotion.active) === body.active)
        .map((promotion) => promotionJson(promotion, expand));
      return send(response, 200, { object: 'list', data: list, has_more: false, url: '/v1/promotion_codes' });
    }
    match = /^\/v1\/promotion_codes\/([\w]+)$/.exec(path);
    if (match && method === 'GET') {
      const promotion = promotions.get(match[1]!);
      return promotion ? send(response, 200, promotionJson(promotion, false)) : missing(response, `promotion_code: '${match[1]}'`);
    }
    match = /^\/v1\/coupons\/([\w]+)$/.exec(path);
    if (match && method === 'GET') {
      const coupon = coupons.get(match[1]!);
      return coupon ? send(response, 200, couponJson(coupon)) : missing(response, `coupon: '${match[1]}'`);
    }
    return missing(response, `route: ${method} ${path}`);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { error: { type: 'api_error', message: String(error) } });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** The stand-in's origin: STRIPE_API_URL, and the origin of its hosted pages. */
    url,
    secretKey,
    webhookSecret,
    /** Every API call the product made, in order. */
    requests,
    /** Every webhook sent and the product's answer. */
    delivered,
    customers,
    sessions,
    subscriptions,
    invoices,
    /** The product's STRIPE_* settings for this stand-in (billing on, with all three prices). */
    env(): Record<string, string> {
      return {
        STRIPE_SECRET_KEY: secretKey,
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_PRICE_MONTHLY: STAND_IN_PRICES.monthly.id,
        STRIPE_PRICE_YEARLY: STAND_IN_PRICES.yearly.id,
        STRIPE_PRICE_LIFETIME: STAND_IN_PRICES.lifetime.id,
        STRIPE_API_URL: url,
      };
    },
    /** Where webhooks go: the product's {origin}/api/stripe/webhook. */
    deliverTo(target: string) {
      webhookUrl = target;
    },
    /** A promotion code people can type, with its coupon (a percentage or an amount in cents off). */
    addPromotionCode,
    /** Presses Pay on a session's hosted checkout, without a browser. */
    pay,
    /** A checkout session's id from its url (what POST /subscription answered). */
    sessionIdOf(checkoutUrl: string): string {
      return checkoutUrl.slice(checkoutUrl.lastIndexOf('/') + 1);
    },
    /** An event with a fresh id; `created` (seconds) defaults to now and never goes backwards. */
    event,
    subscriptionJson: (id: string) => subscriptionJson(subscriptions.get(id)!),
    invoiceJson: (id: string) => invoiceJson(invoices.get(id)!),
    signedHeader,
    deliver,
    /** The card is declined at renewal: an open invoice, invoice.payment_failed and the subscription past due. */
    async failRenewal(subscriptionId: string) {
      const subscription = subscriptions.get(subscriptionId)!;
      const price = prices.get(subscription.price)!;
      const invoice = newInvoice(subscription.customer, subscription.id, price.unitAmount, price.currency, false);
      subscription.status = 'past_due';
      await deliver(event('invoice.payment_failed', invoiceJson(invoice)));
      await deliver(event('customer.subscription.updated', subscriptionJson(subscription)));
      return invoice;
    },
    /** The paid period of a subscription cancelled at its end is over: Stripe deletes it. */
    async endPeriod(subscriptionId: string) {
      const subscription = subscriptions.get(subscriptionId)!;
      subscription.status = 'canceled';
      return deliver(event('customer.subscription.deleted', subscriptionJson(subscription)));
    },
    /** Waits for webhooks sent after an API call answered (cancel, update). */
    async settled() {
      while (pending.size) await Promise.all([...pending]);
    },
    async close() {
      await Promise.allSettled([...pending]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
