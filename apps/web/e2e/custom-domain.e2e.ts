import {
  axeViolations,
  launchBrowser,
  signUpThroughPage,
  startLocalDnsServer,
  startProduct,
  watchPageErrors,
  type ApiProcess,
  type LocalDnsServer,
} from '@vocal/e2e';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAll, makePro } from './support.ts';

/**
 * Settings > Custom domain against a DNS server of the test's own: the server's check uses
 * Node's resolver pointed at it (DNS_SERVERS), so each answer (NXDOMAIN, a CNAME elsewhere, a
 * CNAME to us) is a real DNS exchange.
 */
const TARGET = 'links.vocal-e2e.test';
let product: ApiProcess;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let dns: LocalDnsServer;

beforeAll(async () => {
  dns = await startLocalDnsServer({ [TARGET]: { a: ['198.51.100.7'] } });
  product = await startProduct({
    env: {
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
      CUSTOM_DOMAIN_TARGET: TARGET,
      DNS_SERVERS: dns.address,
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await dns?.close();
});

async function signedIn(options: { pro: boolean }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const email = await signUpThroughPage(page, product.url);
  if (options.pro) await makePro(product.dataDir, email);
  return { context, page };
}

/**
 * Presses Check with the keyboard; answers where its outcome is announced. Each step of the
 * test expects an outcome unlike the one before, so waiting for its words waits for the new answer.
 */
async function check(page: Page, domain: string) {
  await page.getByRole('button', { name: `Check ${domain}` }).focus();
  await page.keyboard.press('Enter');
  return page.locator('.domain-check__status');
}

describe('custom domain settings', () => {
  it('a Pro user saves a domain, sees the exact CNAME to create, and the check says where it points', async () => {
    const { context, page } = await signedIn({ pro: true });
    const errors = watchPageErrors(page);
    await page.goto(`${product.url}/settings`);
    await page.getByRole('link', { name: /^Custom domain/ }).click();
    await page.waitForURL(`${product.url}/settings/domain`);
    await page.getByRole('heading', { level: 1, name: 'Custom domain' }).waitFor();

    const domain = `voice.acme-${Date.now()}.test`;
    const field = page.getByRole('textbox', { name: 'Domain' });
    await field.fill(`https://${domain.toUpperCase()}/`);
    // The record follows what is typed, as the server will keep it.
    const record = page.getByRole('definition');
    await expect.poll(() => record.filter({ hasText: domain }).count()).toBeGreaterThan(0);
    expect(await page.getByText('Save your domain first.').count()).toBe(1);
    await field.press('Enter');
    await page.getByText('Saved', { exact: true }).waitFor();
    const values = await page.locator('.dns-record__value code').allTextContents();
    expect(values).toEqual(['CNAME', domain, TARGET]);

    // Not in DNS at all: NXDOMAIN.
    let result = await check(page, domain);
    await expect.poll(() => result.textContent()).toContain('Your domain does not exist yet');

    // A CNAME to someone else: it says what it found.
    dns.zone[domain] = { cname: 'shop.elsewhere.test' };
    dns.zone['shop.elsewhere.test'] = { a: ['203.0.113.9'] };
    result = await check(page, domain);
    await expect.poll(() => result.textContent()).toContain('Your domain points somewhere else');
    expect(await result.textContent()).toContain(`${domain} is a CNAME for shop.elsewhere.test, not for ${TARGET}.`);

    // The record made as shown: it points at us.
    dns.zone[domain] = { cname: TARGET };
    result = await check(page, domain);
    await expect.poll(() => result.textContent()).toContain('Your domain points at us');
    expect(await result.textContent()).toContain(`${domain} points at ${TARGET}`);

    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await closeAll(context);
  });

  it('Free: the feature explained with a link to /upgrade, and no field that would fail on save', async () => {
    const { context, page } = await signedIn({ pro: false });
    await page.goto(`${product.url}/settings/domain`);
    await page.getByRole('heading', { name: 'A Pro feature' }).waitFor();
    expect(await page.getByRole('link', { name: 'See what Pro adds' }).getAttribute('href')).toBe('/upgrade');
    expect(await page.getByRole('textbox').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Check/ }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await closeAll(context);
  });
});
