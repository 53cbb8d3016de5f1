/**
 * `pnpm bench` for the web app: the gzipped JavaScript a visitor's browser loads for a listen
 * page, and Stop-to-link latency for a 60 s message on localhost. Real server, real Chromium,
 * fake microphone. Results go to BENCHMARKS.md through @vocal/bench.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { recordResult } from '@vocal/bench';
import { launchBrowser, savePersonalisation, signUpThroughPage, startProduct } from '@vocal/e2e';
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

  /**
   * Stop-to-link latency, median of RUNS takes of MESSAGE_SECONDS each. With the review step
   * (the default since decision 0019) the upload runs while the person reviews, so the figure is
   * from Stop to the link on screen for someone who presses Get link the moment it shows;
   * with review skipped (a personalisation setting), from Stop straight to the link. The page
   * itself times it. (A string, so tsx's name helpers are not compiled into code that runs in
   * the browser.)
   */
  const stopToLink = `new Promise((resolve) => {
    const started = performance.now();
    const poll = setInterval(() => {
      if (document.querySelector('.vk-record-flow__panel--shared input')) {
        clearInterval(poll);
        resolve(performance.now() - started);
        return;
      }
      const getLink = document.querySelector('button.vk-record-flow__send');
      if (getLink && getLink.getAttribute('aria-disabled') !== 'true') {
        getLink.click();
      }
    }, 5);
    [...document.querySelectorAll('button')].find((button) => button.textContent.includes('Stop recording')).click();
  })`;
  const tokens = JSON.parse((await page.evaluate(() => window.localStorage.getItem('vocal.tokens'))) ?? '{}') as { accessToken: string };
  let link = '';
  const modes = [
    { skipReview: false, name: 'Stop-to-link latency, 60 s message, localhost', how: 'Stop click, then Get link pressed as soon as it shows, to the link on screen; upload included' },
    { skipReview: true, name: 'Stop-to-link latency with review skipped, 60 s message, localhost', how: 'Stop click to the link on screen (review skipped in the settings); upload included' },
  ];
  for (const mode of modes) {
    await savePersonalisation(product.url, tokens.accessToken, { recorder: { deviceId: null, skipReview: mode.skipReview } });
    const latencies: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.goto(`${product.url}/record`);
      await page.getByRole('button', { name: 'Start recording' }).click();
      await page.getByRole('button', { name: 'Stop recording' }).waitFor();
      await page.waitForTimeout(MESSAGE_SECONDS * 1000);
      latencies.push((await page.evaluate(stopToLink)) as number);
      link = await page.getByRole('textbox', { name: 'Link to your message' }).inputValue();
    }
    latencies.sort((left, right) => left - right);
    await recordResult({
      suite: 'recorder',
      name: mode.name,
      value: Math.round(latencies[Math.floor(latencies.length / 2)]!),
      unit: 'ms',
      target: { value: 300, better: 'lower' },
      method: `median of ${RUNS} runs in Chromium (${latencies.map(Math.round).join(', ')} ms): ${mode.how}`,
    });
  }

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
