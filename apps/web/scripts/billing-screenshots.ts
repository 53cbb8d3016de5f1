/**
 * Screenshots of billing (decision 0032): /upgrade on Free (with the trial), on Pro (a
 * subscription) and with billing off; the Stripe stand-in's checkout as the 384×782 popup shows
 * it; /static/payment-success; /settings/payments with rows (Paid and Unpaid) and empty. Light
 * and dark, phone and desktop, into apps/web/screenshots/ (ignored by git) to be looked at.
 * Run after a build: `pnpm build && tsx scripts/billing-screenshots.ts`.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchBrowser, PASSWORD, startProduct, startStripeStandIn } from '@vocal/e2e';
import { PAYMENT_POPUP } from '@vocal/settings-model';
import { makeMp3, makePng } from '@vocal/test-fixtures';
import type { Browser } from 'playwright-core';

const out = join(import.meta.dirname, '..', 'screenshots');
await mkdir(out, { recursive: true });
const stripe = await startStripeStandIn();
const product = await startProduct({ env: { ...stripe.env(), TRIAL_DAYS: '14', FREE_MESSAGES_PER_MONTH: '1' } });
stripe.deliverTo(`${product.url}/api/stripe/webhook`);
const unbilled = await startProduct();
const browser: Browser = await launchBrowser();
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
const stamp = Date.now();

type Tokens = { accessToken: string; refreshToken: string };

async function call(base: string, path: string, method: string, token: string | null, body?: unknown) {
  const response = await fetch(`${base}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

async function person(base: string, label: string, name: string): Promise<Tokens> {
  const signedUp = await call(base, 'signup', 'POST', null, { email: `${label}-${stamp}@example.com`, password: PASSWORD, name });
  return { accessToken: signedUp.access_token as string, refreshToken: signedUp.refresh_token as string };
}

async function subscribed(tokens: Tokens, key: string) {
  const started = await call(product.url, 'subscription', 'POST', tokens.accessToken, { key });
  return stripe.pay(stripe.sessionIdOf(started.checkout_url as string));
}

/** One message sent the way the recorder sends it: with FREE_MESSAGES_PER_MONTH=1, the paywall follows. */
async function sendOneMessage(tokens: Tokens) {
  const { id } = (await call(product.url, 'get-vocal', 'GET', tokens.accessToken)) as { id: string };
  const form = new FormData();
  form.set('recording', new Blob([(await makeMp3(2)) as Uint8Array<ArrayBuffer>], { type: 'audio/mpeg' }), `${id}.mp3`);
  form.set('image', new Blob([makePng()], { type: 'image/png' }), `${id}.png`);
  form.set('context', JSON.stringify({ id, duration: 2, peaks: [0.2, 0.6, 0.4] }));
  const response = await fetch(`${product.url}/api/upload-vocal?id=${id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.accessToken}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload-vocal: ${response.status} ${await response.text()}`);
}

try {
  const walled = await person(product.url, 'billing-shot-walled', 'Wally Walled');
  await sendOneMessage(walled);
  const free = await person(product.url, 'billing-shot-free', 'Fred Free');
  const pro = await person(product.url, 'billing-shot-pro', 'Paula Pro');
  await subscribed(pro, 'pro-yearly');
  const payer = await person(product.url, 'billing-shot-payer', 'Pat Payer');
  const first = await subscribed(payer, 'pro-monthly');
  await stripe.failRenewal(first.subscription!.id);
  const lifetime = await person(product.url, 'billing-shot-lifetime', 'Lee Lifetime');
  await subscribed(lifetime, 'pro-lifetime');
  const off = await person(unbilled.url, 'billing-shot-off', 'Olga Offline');
  const checkout = await call(product.url, 'subscription', 'POST', free.accessToken, { key: 'pro-monthly' });

  const shots: { name: string; base: string; path: string; tokens: Tokens | null; ready: RegExp; popup?: boolean }[] = [
    { name: 'upgrade-free', base: product.url, path: '/upgrade', tokens: free, ready: /Start 14-day free trial/ },
    { name: 'upgrade-paywall', base: product.url, path: '/upgrade', tokens: walled, ready: /messages of the Free plan this month/ },
    { name: 'record-paywall', base: product.url, path: '/record', tokens: walled, ready: /messages of the Free plan this month/ },
    { name: 'upgrade-pro', base: product.url, path: '/upgrade', tokens: pro, ready: /renews on/ },
    { name: 'upgrade-past-due', base: product.url, path: '/upgrade', tokens: payer, ready: /last payment failed/ },
    { name: 'upgrade-billing-off', base: unbilled.url, path: '/upgrade', tokens: off, ready: /plans are managed by the people who run it/ },
    { name: 'payments-rows', base: product.url, path: '/settings/payments', tokens: payer, ready: /Unpaid/ },
    { name: 'payments-lifetime', base: product.url, path: '/settings/payments', tokens: lifetime, ready: /Paid/ },
    { name: 'payments-empty', base: product.url, path: '/settings/payments', tokens: free, ready: /No payments yet/ },
    {
      name: 'payment-success',
      base: product.url,
      path: '/static/payment-success?session_id=cs_test_x',
      tokens: null,
      ready: /payment went through/,
    },
    { name: 'checkout-popup', base: '', path: checkout.checkout_url as string, tokens: null, ready: /Pay Vocal/, popup: true },
  ];
  for (const scheme of ['light', 'dark'] as const) {
    for (const [size, viewport] of Object.entries(viewports)) {
      for (const shot of shots) {
        if (shot.popup && size === 'phone') continue;
        const context = await browser.newContext({
          viewport: shot.popup ? { width: PAYMENT_POPUP.width, height: PAYMENT_POPUP.height } : viewport,
          colorScheme: scheme,
        });
        if (shot.tokens) {
          const tokens = JSON.stringify(shot.tokens);
          await context.addInitScript((value) => window.localStorage.setItem('vocal.tokens', value), tokens);
        }
        const page = await context.newPage();
        await page.goto(`${shot.base}${shot.path}`);
        await page.getByText(shot.ready).first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: join(out, `billing-${shot.name}-${shot.popup ? 'popup' : size}-${scheme}.png`), fullPage: true });
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await product.stop();
  await unbilled.stop();
  await stripe.close();
}
