/**
 * The public pages' safety net (issue 27, item 9): a crash on the listen page or the embed
 * player shows the app's fatal-error screen and is reported to the error-reporting service; a
 * path the app does not have answers HTTP 404 with the app's 404 page; the embed player has
 * its landmark and heading (axe's best-practice rules). Phone and desktop, light and dark.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  axeViolations,
  launchBrowser,
  payloadOf,
  signUpOverApi,
  startErrorReportSink,
  startProduct,
  uniqueEmail,
  type ApiProcess,
  type ErrorReportSink,
} from '@vocal/e2e';
import { APP_VERSION, FATAL_ERROR_TEXT, type SentryEvent } from '@vocal/settings-model';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMessage } from './public-message.ts';

const shots = join(import.meta.dirname, '..', 'screenshots');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'];

const views = [
  { name: 'phone-light', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: 'light' as const },
  { name: 'phone-dark', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: 'dark' as const },
  { name: 'desktop-light', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, colorScheme: 'light' as const },
  { name: 'desktop-dark', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, colorScheme: 'dark' as const },
];

let sink: ErrorReportSink;
let product: ApiProcess;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let messageId: string;

beforeAll(async () => {
  await mkdir(shots, { recursive: true });
  sink = await startErrorReportSink();
  product = await startProduct({ env: { ERROR_REPORTING_DSN: sink.dsn, ERROR_REPORTING_ENVIRONMENT: 'e2e' } });
  browser = await launchBrowser();
  const token = await signUpOverApi(product.url, uniqueEmail('safety'));
  messageId = await sendMessage({ baseUrl: product.url, token }, 'A message that will break');
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await sink?.close();
});

/** Thrown from a timer, so nothing on the page catches it before window.onerror. */
async function crash(page: Page, message: string) {
  await page.evaluate((text) => {
    setTimeout(() => {
      throw new TypeError(text);
    });
  }, message);
}

/** Page width beyond the viewport and, on phones, buttons and links under `scope` a finger cannot hit. */
async function layoutProblems(page: Page, phone: boolean, scope = 'body') {
  return page.evaluate(
    ({ checkTargets, scope }) => {
      const problems: string[] = [];
      if (document.documentElement.scrollWidth > window.innerWidth)
        problems.push(`page is ${document.documentElement.scrollWidth} px wide`);
      if (checkTargets) {
        for (const button of document.querySelectorAll(`${scope} :is(button, a)`)) {
          const box = button.getBoundingClientRect();
          if (box.width > 0 && box.height > 0 && box.height < 44) problems.push(`${button.textContent?.trim()}: ${box.height} px high`);
        }
      }
      return problems;
    },
    { checkTargets: phone, scope },
  );
}

describe('a crash on a public page', () => {
  for (const view of views) {
    it.each([
      { page: 'listen', path: () => `/listen/${messageId}`, ready: 'A message that will break' },
      { page: 'embed', path: () => `/embed/player/${messageId}`, ready: 'Open in Vocal' },
    ])(
      `$page page, ${view.name}: the fatal-error screen covers it, the error is reported, Continue gives the page back`,
      async ({ page: name, path, ready }) => {
        const context = await browser.newContext(view);
        const page = await context.newPage();
        const url = `${product.url}${path()}`;
        await page.goto(`${url}?from=private-query`);
        await page.getByText(ready).first().waitFor();

        const message = `Public page failure ${name} ${view.name} ${Date.now()}`;
        await crash(page, message);
        const screen = page.getByRole('alertdialog', { name: FATAL_ERROR_TEXT.title });
        await screen.waitFor();
        await expect(screen.getByRole('button', { name: 'Continue' }).isVisible()).resolves.toBe(true);
        expect(await axeViolations(page, AXE_TAGS)).toEqual([]);
        expect(await layoutProblems(page, view.isMobile, '.vk-fatal-error')).toEqual([]);
        await page.screenshot({ path: join(shots, `public-${name}-fatal-error-${view.name}.png`) });

        const envelope = await sink.waitFor((received) => received.raw.includes(message));
        expect(sink.problems).toEqual([]);
        const event = payloadOf<SentryEvent>(envelope, 'event', sink.dsn);
        expect(event).toMatchObject({
          platform: 'javascript',
          level: 'error',
          release: APP_VERSION,
          environment: 'e2e',
          request: { url },
          tags: { source: 'error-event' },
        });
        // A visitor is nobody we know: no user, and the page's query stays out.
        expect(event.user).toBeUndefined();
        expect(envelope.raw).not.toContain('private-query');
        expect(event.exception!.values.at(-1)).toMatchObject({ type: 'TypeError', value: message });

        await screen.getByRole('button', { name: 'Continue' }).click();
        await screen.waitFor({ state: 'detached' });
        await expect(page.getByText(ready).first().isVisible()).resolves.toBe(true);
        await context.close();
      },
    );
  }
});

describe('a path the app does not have', () => {
  it('answers HTTP 404 with the app and its 404 page; a path of the route table answers 200', async () => {
    expect((await fetch(`${product.url}/no-such-page`)).status).toBe(404);
    expect((await fetch(`${product.url}/settings/no-such-setting`)).status).toBe(404);
    for (const known of ['/login', '/settings/profile', `/collect/someone`, '/record/share/abc123']) {
      expect((await fetch(`${product.url}${known}`)).status, known).toBe(200);
    }
    // The tab's icon is a file of the build, which every page names: browsers then never ask
    // for /favicon.ico, which is now a 404 like any path the app does not have.
    const icon = await fetch(`${product.url}/favicon.svg`);
    expect([icon.status, icon.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
    for (const page of ['/login', '/no-such-page']) {
      expect(await (await fetch(`${product.url}${page}`)).text(), page).toContain('<link rel="icon" href="/favicon.svg"');
    }
    for (const view of views) {
      const context = await browser.newContext(view);
      const page = await context.newPage();
      const response = await page.goto(`${product.url}/no-such-page`);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      await expect(page.getByRole('link', { name: 'Go to your recordings' }).isVisible()).resolves.toBe(true);
      expect(await axeViolations(page, AXE_TAGS)).toEqual([]);
      expect(await layoutProblems(page, view.isMobile)).toEqual([]);
      await page.screenshot({ path: join(shots, `not-found-${view.name}.png`) });
      await context.close();
    }
  });
});

describe('the embed player', () => {
  it("has one main landmark and a heading: axe's best-practice rules pass, on phone and desktop, light and dark", async () => {
    for (const view of views) {
      const context = await browser.newContext(view);
      const page = await context.newPage();
      await page.goto(`${product.url}/embed/player/${messageId}`);
      await page.getByRole('main').getByRole('heading', { level: 1, name: 'A message that will break' }).waitFor();
      expect(await axeViolations(page, AXE_TAGS)).toEqual([]);
      await page.screenshot({ path: join(shots, `embed-player-${view.name}.png`) });
      await context.close();
    }
  });
});
