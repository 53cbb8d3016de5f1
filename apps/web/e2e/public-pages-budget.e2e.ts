/**
 * The public pages' JavaScript budgets (issue 27), in bytes, never time: what a fresh visitor's
 * browser downloads for the listen page and the embed player until the network is idle, gzipped.
 * `pnpm bench` writes the same figures (and Lighthouse's score) to BENCHMARKS.md.
 */
import { launchBrowser, signUpOverApi, uniqueEmail } from '@vocal/e2e';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_BUDGETS_KB, publicPageScripts, totalKb } from '../bench/public-page-scripts.ts';
import { sendMessage } from './public-message.ts';
import { sharedProduct, type SharedProduct } from './shared-product.ts';

let product: SharedProduct;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let messageId: string;

beforeAll(async () => {
  product = sharedProduct();
  browser = await launchBrowser({});
  const token = await signUpOverApi(product.url, uniqueEmail('budget'));
  messageId = await sendMessage({ baseUrl: product.url, token }, 'Within budget');
});

afterAll(async () => {
  await browser?.close();
});

describe("the public pages' JavaScript", () => {
  it.each([
    { page: 'listen' as const, path: () => `/listen/${messageId}`, ready: 'Comments' },
    { page: 'embed' as const, path: () => `/embed/player/${messageId}`, ready: 'Open in Vocal' },
  ])('the $page page stays within its ceiling', async ({ page, path, ready }) => {
    const context = await browser.newContext();
    const scripts = await publicPageScripts(context, `${product.url}${path()}`, ready);
    await context.close();
    const listing = scripts.map((script) => `${new URL(script.url).pathname} ${(script.gzipped / 1024).toFixed(1)} KB`).join('\n');
    expect(totalKb(scripts), listing).toBeLessThanOrEqual(PUBLIC_PAGE_BUDGETS_KB[page]);
  });
});
