import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, watchPageErrors, type ApiProcess } from '@vocal/e2e';
import { decodeMp3 } from '@vocal/test-fixtures';
import type { Tokens } from '@vocal/settings-model';
import { serveHarnessDev, type BuiltHarnessServer } from './harness-server.ts';
import { startHarnessSuite, type HarnessSuite } from './harness-suite.ts';
import type { StateSummary } from './harness/harness-api.ts';
import { state, WAIT, waitForElapsed } from './harness-steps.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
let api: ApiProcess;
let harness: BuiltHarnessServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let suite: HarnessSuite;
let tokens: Tokens;

beforeAll(async () => {
  suite = await startHarnessSuite({
    speech: 'This is a voice message for the recorder test. It keeps talking so there is always speech.',
    seconds: 6,
    name: 'recorder',
  });
  ({ api, harness, browser, tokens } = suite);
});

afterAll(() => suite?.close());

async function openHarness(context: BrowserContext, url = harness.url): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.goto(url);
  await page.waitForFunction(() => typeof window.harness !== 'undefined', undefined, WAIT);
  await page.evaluate((given) => window.harness.signIn(given), tokens);
  return { page, errors };
}

/** Waits, inside the page, until the recorder reaches a status. */
async function waitForStatus(page: Page, status: string): Promise<StateSummary> {
  await page.waitForFunction((wanted) => window.harness.state().status === wanted, status, WAIT);
  return state(page);
}

const bytesOf = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'));

async function recordAndStop(page: Page, seconds: number): Promise<StateSummary> {
  expect(await page.evaluate(() => window.harness.start())).toMatchObject({ status: 'recording' });
  await waitForElapsed(page, seconds);
  const stopped = await page.evaluate(() => window.harness.stop());
  expect(stopped.status).toBe('stopped');
  return stopped;
}

describe('recorder in Chromium with a fake microphone', () => {
  it('records speech, stops with an MP3 of the right length, a PNG and peaks, and uploads it', async () => {
    const context = await browser.newContext();
    const { page, errors } = await openHarness(context);
    await page.evaluate(() => window.harness.create({ plan: 1 }));

    const stopped = await recordAndStop(page, 3);
    const reported = stopped.durationSeconds ?? 0;
    expect(reported).toBeGreaterThanOrEqual(3);

    const audio = await decodeMp3(bytesOf(await page.evaluate(() => window.harness.audioBase64())));
    // The MP3 holds what the worklet captured (LAME adds under two frames of delay and padding).
    expect(audio.durationSeconds).toBeGreaterThan(reported * 0.9);
    expect(audio.durationSeconds).toBeLessThan(reported * 1.1);
    expect(audio.rms).toBeGreaterThan(0.01);

    const image = bytesOf(await page.evaluate(() => window.harness.imageBase64()));
    expect([...image.subarray(0, 8)]).toEqual(PNG_SIGNATURE);

    const peaks = stopped.peaks ?? [];
    expect(peaks).toHaveLength(100);
    expect(peaks.every((peak) => peak >= 0 && peak <= 1)).toBe(true);
    expect(Math.max(...peaks)).toBeGreaterThan(0.5);

    const levels = await page.evaluate(() => window.harness.levels());
    expect(levels.length).toBeGreaterThan(10);
    expect(levels.every((level) => level >= 0 && level <= 1)).toBe(true);
    expect(Math.max(...levels)).toBeGreaterThan(0.3);

    const shared = await page.evaluate(() => window.harness.upload());
    expect(shared.status).toBe('shared');
    const id = shared.share?.id ?? '';
    expect(shared.share?.url).toContain(`/listen/${id}`);

    const listen = await fetch(`${api.url}/api/view-vocal/${id}`);
    expect(listen.status).toBe(200);
    const payload = (await listen.json()) as { audio: { id: string; duration: number; peaks: number[]; audioUrl: string } };
    expect(payload.audio).toMatchObject({ id, peaks });
    expect(payload.audio.duration).toBeGreaterThan(reported * 0.9);
    const stored = await fetch(payload.audio.audioUrl);
    expect(stored.status).toBe(200);
    const storedAudio = await decodeMp3(new Uint8Array(await stored.arrayBuffer()));
    expect(storedAudio.durationSeconds).toBeCloseTo(audio.durationSeconds, 1);

    expect(await page.evaluate(() => window.harness.listPending())).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stops by itself at the plan limit, with exactly that much audio', async () => {
    const context = await browser.newContext();
    const { page, errors } = await openHarness(context);
    // The Free plan's rule with a 2 s limit instead of 60: the same path, without the wait.
    await page.evaluate(() => window.harness.create({ plan: { maxRecordingSeconds: 2, pausing: false } }));
    expect(await page.evaluate(() => window.harness.start())).toMatchObject({ status: 'recording', remainingSeconds: 2 });
    // Nobody calls stop: the recorder ends on its own.
    const stopped = await waitForStatus(page, 'stopped');
    expect(stopped).toMatchObject({ endedBy: 'limit', durationSeconds: 2 });
    expect(await page.evaluate(() => window.harness.statuses())).toEqual(expect.arrayContaining(['recording', 'stopped']));
    const audio = await decodeMp3(bytesOf(await page.evaluate(() => window.harness.audioBase64())));
    expect(audio.durationSeconds).toBeGreaterThan(2 * 0.9);
    expect(audio.durationSeconds).toBeLessThan(2 * 1.1);
    expect(audio.rms).toBeGreaterThan(0.01);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps what was said when the microphone is unplugged, and uploads it', async () => {
    const context = await browser.newContext();
    const { page, errors } = await openHarness(context);
    await page.evaluate(() => window.harness.create({ plan: 1 }));
    await page.evaluate(() => window.harness.start());
    await waitForElapsed(page, 1.5);
    await page.evaluate(() => window.harness.loseDevice());
    const lost = await waitForStatus(page, 'failed');
    expect(lost).toMatchObject({ reason: 'device-lost' });
    expect(lost.message).toContain('disconnected');
    expect(lost.durationSeconds).toBeGreaterThanOrEqual(1.5);
    const audio = await decodeMp3(bytesOf(await page.evaluate(() => window.harness.audioBase64())));
    expect(audio.rms).toBeGreaterThan(0.01);
    expect(await page.evaluate(() => window.harness.upload())).toMatchObject({ status: 'shared' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a recording whose upload failed across a reload, and uploads it under the same id', async () => {
    const context = await browser.newContext();
    const first = await openHarness(context);
    await first.page.evaluate(() => window.harness.create({ plan: 1 }));
    await first.page.evaluate(() => window.harness.start());
    // The id is reserved in the background while recording: wait for it to reach the spool.
    await first.page.waitForFunction(
      async () => (await window.harness.listPending()).some((pending) => pending.recordingId !== null),
      undefined,
      WAIT,
    );
    await waitForElapsed(first.page, 2);
    await first.page.evaluate(() => window.harness.stop());

    await api.stop();
    const failed = await first.page.evaluate(() => window.harness.upload());
    expect(failed).toMatchObject({ status: 'failed', reason: 'offline' });
    expect(failed.retryAt).not.toBeNull();

    await first.page.reload();
    await first.page.waitForFunction(() => typeof window.harness !== 'undefined', undefined, WAIT);
    await first.page.evaluate((given) => window.harness.signIn(given), tokens);
    const pending = await first.page.evaluate(() => window.harness.listPending());
    expect(pending).toHaveLength(1);
    const [entry] = pending;
    expect(entry).toMatchObject({ interrupted: false, inUse: false });
    expect(entry?.recordingId).toEqual(expect.any(String));
    expect(entry?.durationSeconds).toBeGreaterThanOrEqual(2);

    await api.restart();
    const resumed = await first.page.evaluate((localId) => window.harness.resume(localId), entry?.localId ?? '');
    expect(resumed.status).toBe('stopped');
    const shared = await first.page.evaluate(() => window.harness.upload());
    expect(shared).toMatchObject({ status: 'shared', share: { id: entry?.recordingId } });
    expect(await first.page.evaluate(() => window.harness.listPending())).toEqual([]);

    const listen = await fetch(`${api.url}/api/view-vocal/${entry?.recordingId}`);
    expect(listen.status).toBe(200);
    // The reload's failed requests are the only console errors allowed.
    expect(first.errors.filter((error) => !error.includes('Failed to load resource') && !error.includes('ERR_'))).toEqual([]);
    await context.close();
  });

  it('records with nothing more from the network once the page has warmed the recorder', async () => {
    const context = await browser.newContext();
    const { page } = await openHarness(context);
    await page.evaluate(() => window.harness.warm());
    // From here the page's own files are unreachable (the server serves them no-store, so
    // there is no HTTP cache to fall back on): worklet, worker and wasm must all come from
    // what the page already holds.
    harness.setAssetsUnreachable(true);
    try {
      await page.evaluate(() => window.harness.create({ plan: 1 }));
      const started = await page.evaluate(() => window.harness.start());
      expect(started).toMatchObject({ status: 'recording', reason: null });
      expect(await waitForElapsed(page, 2)).toMatchObject({ status: 'recording', reason: null });
      const stopped = await page.evaluate(() => window.harness.stop());
      expect(stopped.status).toBe('stopped');
      const audio = await decodeMp3(bytesOf(await page.evaluate(() => window.harness.audioBase64())));
      expect(audio.durationSeconds).toBeGreaterThanOrEqual(1.9);
      expect(audio.rms).toBeGreaterThan(0.01);
      // Only the replacement spare worker, started for a next recording, may have tried.
      expect(harness.unreachableRequests.filter((path) => !path.includes('encoder-worker'))).toEqual([]);
    } finally {
      harness.setAssetsUnreachable(false);
    }
    await context.close();
  });

  it('ends in permission-denied when the microphone is refused', async () => {
    const refusing = await launchBrowser({ denyMicrophone: true });
    try {
      const context = await refusing.newContext();
      const { page, errors } = await openHarness(context);
      await page.evaluate(() => window.harness.create({ plan: 1 }));
      const refused = await page.evaluate(() => window.harness.start());
      expect(refused).toMatchObject({ status: 'failed', reason: 'permission-denied' });
      expect(refused.message).toContain('Microphone access was blocked.');
      expect(errors).toEqual([]);
    } finally {
      await refusing.close();
    }
  });

  it('works from the Vite dev server too, with no configuration', async () => {
    const dev = await serveHarnessDev(api.url);
    const context = await browser.newContext();
    try {
      const { page, errors } = await openHarness(context, dev.url);
      await page.evaluate(() => window.harness.create({ plan: 1 }));
      const stopped = await recordAndStop(page, 1);
      const audio = await decodeMp3(bytesOf(await page.evaluate(() => window.harness.audioBase64())));
      expect(audio.durationSeconds).toBeGreaterThan((stopped.durationSeconds ?? 0) * 0.9);
      expect(audio.rms).toBeGreaterThan(0.01);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await dev.close();
    }
  });
});
