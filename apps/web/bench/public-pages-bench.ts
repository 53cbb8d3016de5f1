/**
 * The public pages as a visitor's browser gets them: the gzipped JavaScript until the network
 * is idle and Lighthouse's mobile score, for the listen page and the embed player (issue 27's
 * targets). Run by web-bench.ts on the message it recorded, or alone
 * (`pnpm --filter @vocal/web bench:public`) on a 2 s message sent over the API.
 */
import { recordResult } from '@vocal/bench';
import { launchBrowser, signUpOverApi, startProduct, uniqueEmail, type ApiProcess } from '@vocal/e2e';
import { sendMessage } from '../e2e/public-message.ts';
import { lighthousePerformance } from './lighthouse-score.ts';
import { PUBLIC_PAGE_BUDGETS_KB, publicPageScripts, totalKb } from './public-page-scripts.ts';

export async function benchPublicPages(
  product: ApiProcess,
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  id: string,
  message: string,
): Promise<void> {
  const pages = [
    { suite: 'listen page', path: `/listen/${id}`, ready: 'shared this voice message with you', budget: PUBLIC_PAGE_BUDGETS_KB.listen },
    { suite: 'embed player', path: `/embed/player/${id}`, ready: 'Open in Vocal', budget: PUBLIC_PAGE_BUDGETS_KB.embed },
  ];
  for (const page of pages) {
    const url = `${product.url.replace('localhost', '127.0.0.1')}${page.path}`;
    const visitor = await browser.newContext();
    const scripts = await publicPageScripts(visitor, url, page.ready);
    await visitor.close();
    const named = page.path.replace(id, ':id');
    await recordResult({
      suite: page.suite,
      name: `gzipped JavaScript loaded by ${named}`,
      value: totalKb(scripts),
      unit: 'KB',
      target: { value: page.budget, better: 'lower' },
      method: `${scripts.length} script${scripts.length === 1 ? '' : 's'} as a fresh visitor's Chromium fetched them until the network was idle (lazy parts included), gzip level 6; ${message}`,
    });
    const lighthouse = await lighthousePerformance(url);
    const load = (await import('node:os')).loadavg()[0]!.toFixed(1);
    await recordResult({
      suite: page.suite,
      name: `Lighthouse performance score of ${named}, mobile`,
      value: lighthouse.median,
      unit: 'points',
      target: { value: 100, better: 'higher' },
      method: `Lighthouse 12, default mobile profile (simulated slow 4G, 4x CPU), median of ${lighthouse.scores.join(', ')} (that run: ${lighthouse.metrics}); ${message}; load average ${load} at the end`,
    });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const product = await startProduct();
  const browser = await launchBrowser();
  try {
    const token = await signUpOverApi(product.url, uniqueEmail('bench'));
    const id = await sendMessage({ baseUrl: product.url, token }, 'A message for the benchmark');
    await benchPublicPages(product, browser, id, 'a 2 s message sent over the API');
  } finally {
    await browser.close();
    await product.stop();
  }
}
