/**
 * `pnpm bench` for the web app: the public pages' JavaScript and Lighthouse score
 * (public-pages-bench.ts), and Stop-to-link latency for 10 s, 1 min and 5 min messages on a weak
 * uplink and on localhost, with and without the review step. Real server, real Chromium,
 * fake microphone. Results go to BENCHMARKS.md through @vocal/bench.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Request } from 'playwright-core';
import { recordResult } from '@vocal/bench';
import { launchBrowser, PASSWORD, savePersonalisation, signUpThroughPage, startProduct } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';
import { benchPublicPages } from './public-pages-bench.ts';

/** Chromium's network emulation: a weak uplink as issue 26 measured it, and none (localhost). */
const NETWORKS = {
  slow: {
    name: 'slow uplink (1.6 Mbit/s up, 40 ms)',
    conditions: { latency: 40, uploadThroughput: 1_600_000 / 8, downloadThroughput: 10_000_000 / 8 },
    target: 300,
  },
  localhost: { name: 'localhost', conditions: { latency: 0, uploadThroughput: -1, downloadThroughput: -1 }, target: 150 },
} as const;

/** Each take: its length, its network, the review step or not, and how many runs (5 min takes are long). */
const TAKES: { seconds: number; network: keyof typeof NETWORKS; skipReview: boolean; runs: number }[] = [
  // Five minutes a run: the review path (the default) on both networks.
  { seconds: 300, network: 'slow', skipReview: false, runs: 1 },
  { seconds: 300, network: 'localhost', skipReview: false, runs: 1 },
  { seconds: 10, network: 'slow', skipReview: false, runs: 3 },
  { seconds: 10, network: 'slow', skipReview: true, runs: 3 },
  { seconds: 10, network: 'localhost', skipReview: false, runs: 3 },
  { seconds: 10, network: 'localhost', skipReview: true, runs: 3 },
  { seconds: 60, network: 'slow', skipReview: false, runs: 3 },
  { seconds: 60, network: 'slow', skipReview: true, runs: 3 },
  { seconds: 60, network: 'localhost', skipReview: false, runs: 3 },
  // Last: the message the public pages' figures below are taken on, as before.
  { seconds: 60, network: 'localhost', skipReview: true, runs: 3 },
];
/** `STOP_TO_LINK_TAKES=0,4`: only those takes (by index above), to measure one again without the rest. */
const chosenTakes = process.env.STOP_TO_LINK_TAKES?.split(',').map(Number) ?? null;
const takes = chosenTakes ? TAKES.filter((_, index) => chosenTakes.includes(index)) : TAKES;
/** The public pages are measured on the last message recorded: of the takes chosen, so a 5 min take alone says so. */
const LAST_TAKE_SECONDS = takes.at(-1)!.seconds;

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
   * Stop-to-link latency, the median of each take's runs. With the review step
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
  /** A fresh access token for the bench's own calls: the run outlasts one (they live minutes). */
  const accessToken = async () => {
    const response = await fetch(`${product.url}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    return ((await response.json()) as { access_token: string }).access_token;
  };
  /** The page's API requests as they end (times in ms since the epoch), for a slow run to be explained. */
  const traffic: { startedAt: number; endedAt: number; what: string }[] = [];
  const startedAt = new Map<Request, number>();
  page.on('request', (request) => startedAt.set(request, Date.now()));
  const ended = (request: Request, outcome: string) => {
    const path = new URL(request.url()).pathname;
    if (!path.startsWith('/api/')) return;
    traffic.push({ startedAt: startedAt.get(request) ?? Date.now(), endedAt: Date.now(), what: `${request.method()} ${path} ${outcome}` });
    startedAt.delete(request);
  };
  page.on('requestfinished', (request) => void request.response().then((response) => ended(request, String(response?.status() ?? '?'))));
  page.on('requestfailed', (request) => ended(request, `failed: ${request.failure()?.errorText ?? 'unknown'}`));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  let link = '';
  /**
   * Waits for a take's transcript (about a quarter of its length on this machine), so the next
   * take's Stop meets a server that is not still transcribing the one before: on two cores a
   * 5 min message's transcript took a whole core through the takes after it.
   */
  const transcriptDone = async (id: string) => {
    const token = await accessToken();
    const deadline = Date.now() + 10 * 60_000;
    while (Date.now() < deadline) {
      const response = await fetch(`${product.url}/api/transcription/${id}`, { headers: { authorization: `Bearer ${token}` } });
      if (((await response.json()) as { status: string }).status !== 'loading') return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };

  for (const take of takes) {
    await savePersonalisation(product.url, await accessToken(), { recorder: { deviceId: null, skipReview: take.skipReview } });
    const network = NETWORKS[take.network];
    const latencies: number[] = [];
    for (let run = 0; run < take.runs; run++) {
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...NETWORKS.localhost.conditions });
      await page.goto(`${product.url}/record`);
      // The weak uplink from the first byte of the recording: what streams while the person speaks goes through it too.
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network.conditions });
      await page.getByRole('button', { name: 'Start recording' }).click();
      await page.getByRole('button', { name: 'Stop recording' }).waitFor();
      await page.waitForTimeout(take.seconds * 1000);
      const stoppedAt = Date.now();
      traffic.length = 0;
      const latency = (await page.evaluate(stopToLink)) as number;
      latencies.push(latency);
      // A run past its target says what went over the network meanwhile, so a slow one can be explained.
      if (latency > network.target) {
        console.warn(
          `A ${take.seconds} s take (${network.name}) took ${Math.round(latency)} ms from Stop to link; its API requests since Stop:`,
        );
        for (const line of traffic.filter((request) => request.endedAt >= stoppedAt)) {
          console.warn(`  ${line.startedAt - stoppedAt} → ${line.endedAt - stoppedAt} ms: ${line.what}`);
        }
      }
      link = await page.getByRole('textbox', { name: 'Link to your message' }).inputValue();
      await transcriptDone(link.split('/listen/')[1]!);
    }
    latencies.sort((left, right) => left - right);
    const review = take.skipReview ? 'review skipped' : 'review confirmed as soon as it shows';
    await recordResult({
      suite: 'recorder',
      name: `Stop-to-link latency, ${take.seconds >= 60 ? `${take.seconds / 60} min` : `${take.seconds} s`} message, ${network.name}${take.skipReview ? ', review skipped' : ''}`,
      value: Math.round(latencies[Math.floor(latencies.length / 2)]!),
      unit: 'ms',
      target: { value: network.target, better: 'lower' },
      method: `median of ${take.runs} run(s) in Chromium (${latencies.map(Math.round).join(', ')} ms): Stop click to the link on screen, ${review}; the MP3 streamed to the server while recording (tus), upload included; each take after the one before was transcribed`,
    });
  }
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...NETWORKS.localhost.conditions });

  // What a visitor downloads, and Lighthouse, on the message just recorded.
  await benchPublicPages(product, browser, link.split('/listen/')[1]!, `the last ${LAST_TAKE_SECONDS} s message recorded above`);
} finally {
  await browser.close();
  await product.stop();
}
