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
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAll, makePro } from './support.ts';

/**
 * Settings > Custom domain against a DNS server of the test's own: the server's check uses
 * Node's resolver pointed at it (DNS_SERVERS), so each answer (NXDOMAIN, a CNAME elsewhere, a
 * CNAME to us) is a real DNS exchange.
 */
const TARGET = 'links.vocal-e2e.test';
const shots = join(import.meta.dirname, '..', 'screenshots');
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

/** Screenshots to look at (apps/web/screenshots/, ignored by git): light and dark, phone and desktop. */
async function shoot(page: Page, name: string) {
  await mkdir(shots, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [size, viewport] of [
      ['phone', { width: 390, height: 844 }],
      ['desktop', { width: 1280, height: 800 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(shots, `${name}-${size}-${scheme}.png`), fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
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
  it('a Pro user saves a domain, creates the CNAME and the TXT proof shown, and the check makes it theirs', async () => {
    const { context, page } = await signedIn({ pro: true });
    const errors = watchPageErrors(page);
    await page.goto(`${product.url}/settings`);
    await page.getByRole('link', { name: /^Custom domain/ }).click();
    await page.waitForURL(`${product.url}/settings/domain`);
    await page.getByRole('heading', { level: 1, name: 'Custom domain' }).waitFor();

    const domain = `voice.acme-${Date.now()}.test`;
    const field = page.getByRole('textbox', { name: 'Domain' });
    await field.fill(`https://${domain.toUpperCase()}/`);
    // The CNAME follows what is typed, as the server will keep it; the TXT proof needs the domain saved.
    const record = page.getByRole('definition');
    await expect.poll(() => record.filter({ hasText: domain }).count()).toBeGreaterThan(0);
    expect(await page.getByText('Save your domain first.').count()).toBe(1);
    expect(await page.getByText('Save your domain to see the TXT record').count()).toBe(1);
    await field.press('Enter');
    await page.getByText('Saved', { exact: true }).waitFor();
    await page.locator('[aria-label="The TXT record to create"]').waitFor();
    const values = await page.locator('.dns-record__value code').allTextContents();
    expect(values.slice(0, 3)).toEqual(['CNAME', domain, TARGET]);
    expect(values[3]).toBe('TXT');
    expect(values[4]).toBe(`_vocal-verify.${domain}`);
    expect(values[5]).toMatch(/^vocal-verify=[\w-]{32}$/);
    const standing = page.locator('.domain-standing');
    expect(await standing.textContent()).toContain(`${domain} is not proven yet`);
    await shoot(page, 'custom-domain-pending');

    // Not in DNS at all: NXDOMAIN.
    let result = await check(page, domain);
    await expect.poll(() => result.textContent()).toContain('Your domain does not exist yet');

    // A CNAME to someone else (an internal name, say): it says so, and never what it resolves to.
    dns.zone[domain] = { cname: 'billing-db.corp.internal' };
    dns.zone['billing-db.corp.internal'] = { a: ['10.20.30.40'] };
    result = await check(page, domain);
    await expect.poll(() => result.textContent()).toContain('Your domain points somewhere else');
    expect(await result.textContent()).toContain(`${domain} does not point at ${TARGET}.`);
    expect(await page.locator('main').innerText()).not.toMatch(/10\.20\.30\.40|billing-db/);

    // Both records made as shown: it points here and is proven.
    dns.zone[domain] = { cname: TARGET };
    dns.zone[values[4]!] = { txt: [values[5]!] };
    result = await check(page, domain);
    await expect.poll(() => result.textContent()).toContain('Your domain points here and is proven yours');
    await expect.poll(() => standing.textContent()).toContain(`${domain} is yours`);

    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await shoot(page, 'custom-domain-held');
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
