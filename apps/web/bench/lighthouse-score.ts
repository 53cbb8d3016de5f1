import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath } from '@vocal/e2e';

/** The metrics the performance score is made of, as Lighthouse names them, with what each scored. */
const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
} as const;

type Audits = Record<string, { numericValue?: number; score?: number | null } | undefined>;

/** "LCP 1.9 s (0.99)": each metric and its own score, so a point lost can be traced to its cause. */
function metricsOf(audits: Audits): string {
  return Object.entries(METRICS)
    .map(([id, short]) => {
      const audit = audits[id];
      const value = audit?.numericValue ?? 0;
      const shown =
        id === 'cumulative-layout-shift'
          ? value.toFixed(3)
          : id === 'total-blocking-time'
            ? `${Math.round(value)} ms`
            : `${(value / 1000).toFixed(1)} s`;
      return `${short} ${shown} (${(audit?.score ?? 0).toFixed(2)})`;
    })
    .join(', ');
}

/**
 * Lighthouse's performance score (0-100) for `url` with its default mobile profile (a
 * mid-range phone on a slow 4G link, simulated), the median of `runs`, with the median run's metrics.
 */
export async function lighthousePerformance(url: string, runs = 3): Promise<{ median: number; scores: number[]; metrics: string }> {
  const scores: number[] = [];
  const metrics: string[] = [];
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
      metrics.push(metricsOf((result?.lhr.audits ?? {}) as Audits));
    } finally {
      await chrome.kill();
    }
  }
  const order = scores.map((_, index) => index).sort((left, right) => scores[left]! - scores[right]!);
  const middle = order[Math.floor(order.length / 2)]!;
  return { median: scores[middle]!, scores, metrics: metrics[middle]! };
}
