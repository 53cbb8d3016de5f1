import { axeViolations, launchBrowser, signUpThroughPage, watchPageErrors } from '@vocal/e2e';
import { makeMp3, makePng } from '@vocal/test-fixtures';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAll, makePro, tokensOf } from './support.ts';
import { sharedProduct, type SharedProduct } from './shared-product.ts';

/**
 * Listen analytics from real listens: signed-out listeners in browser contexts of their own
 * (each from its own address, as the server trusts X-Forwarded-For here) open the owner's
 * message and play it, and the owner's /analytics page shows what they did, reached and read
 * with the keyboard alone.
 */
let product: SharedProduct;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let threeSeconds: Uint8Array;

beforeAll(async () => {
  product = sharedProduct();
  browser = await launchBrowser();
  threeSeconds = await makeMp3(3);
});

afterAll(async () => {
  await browser?.close();
});

async function api(token: string | null, method: string, path: string, options: { json?: unknown; form?: FormData } = {}) {
  const response = await fetch(`${product.url}/api/${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
      'x-forwarded-for': '10.77.0.1',
    },
    body: options.form ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

/** Uploads a three-second message into reservation `id`, as the recorder does (a visitor's reply without a token). */
async function upload(token: string | null, id: string, subject?: string) {
  const form = new FormData();
  form.set('recording', new Blob([threeSeconds as Uint8Array<ArrayBuffer>], { type: 'audio/mpeg' }), `${id}.mp3`);
  form.set('image', new Blob([makePng()], { type: 'image/png' }), `${id}.png`);
  form.set('context', JSON.stringify({ id, duration: 3, peaks: [0.2, 0.6, 0.9, 0.5, 0.3], ...(subject ? { subject } : {}) }));
  expect((await api(token, 'POST', `upload-vocal?id=${id}`, { form })).status).toBe(200);
}

async function ownerMessage(token: string, subject: string) {
  const id = (await api(token, 'GET', 'get-vocal')).body.id as string;
  await upload(token, id, subject);
  return id;
}

async function signedIn(options: { pro: boolean }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const email = await signUpThroughPage(page, product.url);
  if (options.pro) await makePro(product.dataDir, email);
  return { context, page, token: (await tokensOf(page)).accessToken };
}

/** A signed-out listener from `address` opens the listen page; with `play`, hears the message to its end. */
async function listen(id: string, address: string, play: boolean) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address } });
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.goto(`${product.url}/listen/${id}`);
  if (play) {
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('audio')?.ended === true, undefined, { timeout: 90_000 });
  }
  // The visit is counted once the page has its listen back; leaving then sends what was heard.
  await page.waitForFunction((key) => (sessionStorage.getItem(key) ?? '1') !== '1', `vocal.listened.${id}`);
  await context.close();
  expect(errors).toEqual([]);
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Tabs forward until `target` has the focus (at most 60 presses): the keyboard path, not a click. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>) {
  for (let press = 0; press < 60; press++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element');
}

const figure = (page: Page, label: string) =>
  page.locator('.analytics-figure', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('.analytics-figure__value');

describe('listen analytics', () => {
  it("counts real listens, unique listeners, the share heard, replies and comments on the owner's page", async () => {
    const owner = await signedIn({ pro: true });
    const id = await ownerMessage(owner.token, 'Quarterly update');

    // Two listeners hear it all; a third opens the page and leaves without playing.
    await listen(id, '10.60.0.1', true);
    await listen(id, '10.60.0.2', true);
    await listen(id, '10.60.0.3', false);
    const reply = (await api(null, 'GET', `get-vocal-free?target=reply:${id}`)).body.id as string;
    await upload(null, reply);
    expect((await api(null, 'POST', `comments/${id}`, { json: { name: 'Ann', text: 'Clear, thanks!' } })).status).toBe(201);
    // The beacons are sent as the pages close: wait until the server has both.
    const analytics = await until(
      () => api(owner.token, 'GET', `analytics/${id}`),
      (reply) => reply.body.listens === 3 && Math.abs(Number(reply.body.averageHeard) - 2 / 3) < 0.01,
    );
    expect(analytics.body).toMatchObject({ listens: 3, uniqueListeners: 3, replies: 1, comments: 1 });

    // The owner goes from the recordings page to the analytics with the keyboard alone.
    const { page } = owner;
    const errors = watchPageErrors(page);
    await page.goto(`${product.url}/recordings`);
    const more = page.getByRole('button', { name: 'More actions for Quarterly update' });
    await tabTo(page, more);
    await page.keyboard.press('Enter');
    const analyticsItem = page.getByRole('menuitem', { name: 'Analytics' });
    await analyticsItem.waitFor();
    for (let press = 0; press < 10 && !(await analyticsItem.evaluate((item) => item === document.activeElement)); press++) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await page.waitForURL(`${product.url}/analytics/${id}`);

    await expect.poll(() => figure(page, 'Listens').textContent()).toBe('3');
    expect(await figure(page, 'Unique listeners').textContent()).toBe('3');
    expect(await figure(page, 'Average heard').textContent()).toBe('67%');
    expect(await figure(page, 'Replies').textContent()).toBe('1');
    expect(await figure(page, 'Comments').textContent()).toBe('1');
    await expect.poll(() => page.title()).toMatch(/^Analytics/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Analytics');
    expect(await page.getByText('Quarterly update').count()).toBeGreaterThan(0);

    // The chart: a titled image, and today's bar holds the three listens.
    await page.getByRole('img', { name: /Listens per day since it was sent/ }).waitFor();
    const today = new Date().toISOString().slice(0, 10);
    const bar = page.locator(`rect.listens-chart__bar[data-date="${today}"]`);
    expect(await bar.getAttribute('data-views')).toBe('3');
    expect(Number(await bar.getAttribute('height'))).toBeGreaterThan(0);
    expect(await page.locator('rect.listens-chart__bar[data-views]:not([data-views="0"])').count()).toBe(1);

    // The same numbers as a table, opened with the keyboard.
    const toggle = page.getByRole('button', { name: 'Show as a table' });
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    const table = page.getByRole('table', { name: /Listens per day/ });
    await table.waitFor();
    expect(await table.locator('tbody tr').last().locator('td').textContent()).toBe('3');
    expect(await page.getByRole('button', { name: 'Hide the numbers' }).getAttribute('aria-expanded')).toBe('true');

    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);

    // The owner bar of the listen page links here too.
    await page.goto(`${product.url}/listen/${id}`);
    expect(await page.getByRole('link', { name: 'Analytics' }).getAttribute('href')).toBe(`/analytics/${id}`);
    await closeAll(owner.context);
  });

  it('Free: a clear Pro explanation with a link to /upgrade; someone else: the 404 page', async () => {
    const free = await signedIn({ pro: false });
    const id = await ownerMessage(free.token, 'Free message');
    await free.page.goto(`${product.url}/analytics/${id}`);
    await free.page.getByRole('heading', { name: 'Listen analytics are part of Pro' }).waitFor();
    expect(await free.page.getByRole('link', { name: 'See what Pro adds' }).getAttribute('href')).toBe('/upgrade');
    expect(await axeViolations(free.page)).toEqual([]);

    const stranger = await signedIn({ pro: true });
    await stranger.page.goto(`${product.url}/analytics/${id}`);
    await stranger.page.getByRole('heading', { name: 'This message was not found' }).waitFor();
    expect(await stranger.page.locator('.analytics-figure').count()).toBe(0);
    await closeAll(free.context, stranger.context);
  });
});
