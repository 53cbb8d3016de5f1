import { gzipSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';

/** Each public page's JavaScript target, gzipped, until the network is idle (issue 27). */
export const PUBLIC_PAGE_BUDGETS_KB = { listen: 35, embed: 12 } as const;

export type LoadedScript = { url: string; gzipped: number };

/**
 * Every script a fresh visitor's Chromium fetches for a page until the network is idle (lazy
 * chunks included), each gzipped at level 6 as a server would send it. Shared by `pnpm bench`
 * and the budget test, so both count the same bytes.
 */
export async function publicPageScripts(context: BrowserContext, url: string, readyText: string): Promise<LoadedScript[]> {
  const tab = await context.newPage();
  const scripts: Promise<LoadedScript>[] = [];
  tab.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(response.body().then((body) => ({ url: response.url(), gzipped: gzipSync(body, { level: 6 }).length })));
  });
  await tab.goto(url);
  await tab.getByText(readyText).first().waitFor();
  await tab.waitForLoadState('networkidle');
  const loaded = await Promise.all(scripts);
  await tab.close();
  return loaded;
}

export const totalKb = (scripts: LoadedScript[]) => +(scripts.reduce((total, script) => total + script.gzipped, 0) / 1024).toFixed(1);
