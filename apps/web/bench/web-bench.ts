/**
 * `pnpm bench` for the web app: the gzipped JavaScript a visitor's browser loads for a listen
 * page, and Stop-to-link latency for a 60 s message on localhost. Real server, real Chromium,
 * fake microphone. Results go to BENCHMARKS.md through @vocal/bench.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { recordResult } from '@vocal/bench';
import { launchBrowser, signUpThroughPage, startProduct } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';
import { lighthousePerformance } from './lighthouse-score.ts';

const RUNS = 3;
const MESSAGE_SECONDS = 60;

const wav = await makeSpeechWav('This is a long voice message for the benchmark, spoken again and again.', { seconds: 20 });
const product = await startProduct();
const browser = await launchBrowser({ microphoneWav: wav, loop: true });

try {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = await signUpThroughPage(page, product.url);
  // Pro, so a 60 s message is not cut at the Free limit: through the admin API the server offers locally.
  const handoff = JSON.parse(await readFile(join(product.dataDir, 'server.json'), 'utf8')) as { url: string; adminToken: string };
  await fetch(`${handoff.url}/api/admin/users/plan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': handoff.adminToken },
    body: JSON.stringify({ email, plan: 'pro' }),
  });

  const latencies: number[] = [];
  let link = '';
  for (let run = 0; run < RUNS; run++) {
    await page.goto(`${product.url}/record`);
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByRole('button', { name: 'Stop recording' }).waitFor();
    await page.waitForTimeout(MESSAGE_SECONDS * 1000);
    // The page itself times the gap from the click to the link on screen.
    // The page itself times the gap from the click to the link on screen. (A string, so tsx's
    // name helpers are not compiled into code that runs in the browser.)
    const latency = (await page.evaluate(`new Promise((resolve) => {
      const started = performance.now();
      const observer = new MutationObserver(() => {
        if (document.querySelector('.vk-record-flow__panel--shared input')) {
          observer.disconnect();
          resolve(performance.now() - started);
        }
      });
      observer.observe(document.body, { childList: true, subtree: true });
      [...document.querySelectorAll('button')].find((button) => button.textContent.includes('Stop recording')).click();
    })`)) as number;
    latencies.push(latency);
    link = await page.getByRole('textbox', { name: 'Link to your message' }).inputValue();
  }
  latencies.sort((left, right) => left - right);
  await recordResult({
    suite: 'recorder',
    name: 'Stop-to-link latency, 60 s message, localhost',
    value: Math.round(latencies[Math.floor(latencies.length / 2)]!),
    unit: 'ms',
    target: { value: 300, better: 'lower' },
    method: `median of ${RUNS} runs in Chromium (${latencies.map(Math.round).join(', ')} ms): Stop click to link on screen, upload included`,
  });

  // What a visitor downloads: every script of the page, gzipped as a server would, and Lighthouse.
  const id = link.split('/listen/')[1]!;
  const publicPages = [
    { suite: 'listen page', path: `/listen/${id}`, ready: 'shared this voice message with you', budget: 80 },
    { suite: 'embed player', path: `/embed/player/${id}`, ready: 'Open in Vocal', budget: 40 },
  ];
  for (const page of publicPages) {
    const url = `${product.url.replace('localhost', '127.0.0.1')}${page.path}`;
    const visitor = await browser.newContext();
    const tab = await visitor.newPage();
    const scripts: Buffer[] = [];
    tab.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push(await response.body());
    });
    await tab.goto(url);
    await tab.getByText(page.ready).waitFor();
    await tab.waitForLoadState('networkidle');
    const gzipped = scripts.reduce((total, body) => total + gzipSync(body).length, 0);
    await visitor.close();
    await recordResult({
      suite: page.suite,
      name: `gzipped JavaScript loaded by ${page.path.replace(id, ':id')}`,
      value: +(gzipped / 1024).toFixed(1),
      unit: 'KB',
      target: { value: page.budget, better: 'lower' },
      method: `${scripts.length} scripts as Chromium fetched them until the network was idle (lazy parts included), gzip level 6`,
    });
    const lighthouse = await lighthousePerformance(url);
    await recordResult({
      suite: page.suite,
      name: `Lighthouse performance score of ${page.path.replace(id, ':id')}, mobile`,
      value: lighthouse.median,
      unit: 'points',
      target: { value: 95, better: 'higher' },
      method: `Lighthouse 12, default mobile profile (simulated slow 4G, 4x CPU), median of ${lighthouse.scores.join(', ')}`,
    });
  }
} finally {
  await browser.close();
  await product.stop();
}
