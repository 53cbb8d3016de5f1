import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath } from '@vocal/e2e';

/**
 * Lighthouse's performance score (0-100) for `url` with its default mobile profile (a
 * mid-range phone on a slow 4G link, simulated), the median of `runs`.
 */
export async function lighthousePerformance(url: string, runs = 3): Promise<{ median: number; scores: number[] }> {
  const scores: number[] = [];
  for (let run = 0; run < runs; run++) {
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    try {
      const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
      scores.push(Math.round((result?.lhr.categories.performance?.score ?? 0) * 100));
    } finally {
      await chrome.kill();
    }
  }
  const sorted = [...scores].sort((left, right) => left - right);
  return { median: sorted[Math.floor(sorted.length / 2)]!, scores };
}
