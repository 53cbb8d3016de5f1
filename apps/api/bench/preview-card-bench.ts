import { resolve } from 'node:path';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { makePng } from '@vocal/test-fixtures';
import { recordResult } from '@vocal/bench';
import { createMediaPool } from '../src/media/media-pool.ts';
import { buildCardSvg, type CardInput } from '../src/media/preview-card-svg.ts';

/**
 * The link-preview card (GET /listen/{id}/card.png) is drawn the first time a link is shared,
 * by whichever crawler asks first. Measured here, through a media pool of one worker thread as
 * the server runs it: how long one card takes (resvg, two fonts, an avatar), the resident
 * memory a burst of 16 cards adds, and the event loop's delay while cards are drawn back to back.
 * The issue sets no targets; the machine's load average goes with each number.
 */
const CARDS = 20;
const BURST = 16;

const avatar = `data:image/png;base64,${Buffer.from(makePng(256, 256)).toString('base64')}`;
const inputOf = (index: number): CardInput => ({
  title: index % 2 ? `Quarterly numbers and the plan for the next quarter, take ${index}` : `שלום לכולם, הודעה קולית מספר ${index} 👋`,
  senderName: 'Ada Lovelace',
  durationLabel: '1:23',
  peaks: Array.from({ length: 200 }, (_, peak) => Math.abs(Math.sin((peak + index) / 7))),
  avatarDataUrl: avatar,
});

const ms = (nanoseconds: number) => +(nanoseconds / 1e6).toFixed(1);
const megabytes = (bytes: number) => +(bytes / 1024 / 1024).toFixed(1);

export async function benchPreviewCards() {
  const load = `load average ${loadavg()[0]!.toFixed(1)} at the start`;
  const media = createMediaPool({ workers: 1 });
  const renderCardPng = (svg: string) => media.renderCard(svg);
  await renderCardPng(buildCardSvg(inputOf(0)));
  // The delay with nothing drawn, for comparison: on a busy machine it is not zero.
  const idle = monitorEventLoopDelay({ resolution: 10 });
  idle.enable();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  idle.disable();

  const durations: number[] = [];
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  for (let index = 0; index < CARDS; index++) {
    const started = performance.now();
    await renderCardPng(buildCardSvg(inputOf(index)));
    durations.push(performance.now() - started);
  }
  delay.disable();
  durations.sort((a, b) => a - b);
  const median = +durations[Math.floor(durations.length / 2)]!.toFixed(1);

  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  await Promise.all(Array.from({ length: BURST }, (_, index) => renderCardPng(buildCardSvg(inputOf(index)))));
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  await media.close();

  await recordResult({
    suite: 'link-preview card',
    name: 'time to draw one 1200x630 card',
    value: median,
    unit: 'ms',
    method: `median of ${CARDS} cards drawn one after another on a media worker (resvg, DejaVu Sans, a 256 px avatar, Latin and Hebrew titles); p95 ${durations[Math.floor(durations.length * 0.95)]!.toFixed(1)} ms, max ${durations.at(-1)!.toFixed(1)} ms; ${load}`,
  });
  await recordResult({
    suite: 'link-preview card',
    name: 'event loop delay p99 while cards are drawn',
    value: ms(delay.percentile(99)),
    unit: 'ms',
    method: `monitorEventLoopDelay at 10 ms resolution during the ${CARDS} cards above; max ${ms(delay.max)} ms; idle for 3 s just before: p99 ${ms(idle.percentile(99))} ms; ${load}`,
  });
  await recordResult({
    suite: 'link-preview card',
    name: `resident memory growth, ${BURST} cards asked at once`,
    value: megabytes(peak - before),
    unit: 'MB',
    method: `peak RSS sampled every 5 ms minus RSS before (${megabytes(before)} MB); one media worker draws them, the rest wait in its queue`,
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await benchPreviewCards();
}
