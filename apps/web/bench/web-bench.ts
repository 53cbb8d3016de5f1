/**
 * `pnpm bench` for the web app: the public pages' JavaScript and Lighthouse score
 * (public-pages-bench.ts), and Stop-to-link latency for a 60 s message on localhost. Real server, real Chromium,
 * fake microphone. Results go to BENCHMARKS.md through @vocal/bench.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { recordResult } from '@vocal/bench';
import { launchBrowser, savePersonalisation, signUpThroughPage, startProduct } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';
import { benchPublicPages } from './public-pages-bench.ts';

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
    {
      skipReview: false,
      name: 'Stop-to-link latency, 60 s message, localhost',
      how: 'Stop click, then Get link pressed as soon as it shows, to the link on screen; upload included',
    },
    {
      skipReview: true,
      name: 'Stop-to-link latency with review skipped, 60 s message, localhost',
      how: 'Stop click to the link on screen (review skipped in the settings); upload included',
    },
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

  // What a visitor downloads, and Lighthouse, on the message just recorded.
  await benchPublicPages(product, browser, link.split('/listen/')[1]!, `the last ${MESSAGE_SECONDS} s message recorded above`);
} finally {
  await browser.close();
  await product.stop();
}
