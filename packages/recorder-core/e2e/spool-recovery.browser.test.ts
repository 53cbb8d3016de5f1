import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { launchBrowser } from '@vocal/e2e';
import { decodeMp3 } from '@vocal/test-fixtures';
import type { Tokens } from '@vocal/settings-model';
import type { BuiltHarnessServer } from './harness-server.ts';
import { startHarnessSuite, type HarnessSuite } from './harness-suite.ts';

/**
 * The spool's promise: a page that dies while recording loses at most the last second. Each
 * test records N seconds, kills the page without Stop (close, reload, renderer crash), opens
 * the page again and decodes what the spool gives back.
 */
const WAIT = { timeout: 90_000, polling: 100 };
const RECORD_SECONDS = 8;
const MAY_LOSE_SECONDS = 1;

let harness: BuiltHarnessServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let suite: HarnessSuite;
let tokens: Tokens;

beforeAll(async () => {
  suite = await startHarnessSuite({
    speech: 'A message that is cut off when the page goes away, and must come back whole.',
    seconds: 5,
    name: 'spool',
  });
  ({ harness, browser, tokens } = suite);
});

afterAll(() => suite?.close());

async function ready(page: Page) {
  await page.waitForFunction(() => typeof window.harness !== 'undefined', undefined, WAIT);
  await page.evaluate((given) => window.harness.signIn(given), tokens);
}

async function openHarness(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(harness.url);
  await ready(page);
  return page;
}

/** Records until the worklet has captured `seconds`, and answers exactly how much it had. */
async function recordFor(page: Page, seconds: number): Promise<number> {
  await page.evaluate(() => window.harness.create({ plan: 1 }));
  expect(await page.evaluate(() => window.harness.start())).toMatchObject({ status: 'recording' });
  // Read inside the page in the same task as the check, so the number is what was captured
  // when the page is killed right after (nothing is captured between this and the kill that
  // the spool could be blamed for losing, only more).
  return page.evaluate(
    (minimum) =>
      new Promise<number>((resolve) => {
        const check = () => {
          const current = window.harness.state();
          if (current.status !== 'recording') return resolve(-1);
          if ((current.elapsedSeconds ?? 0) >= minimum) return resolve(current.elapsedSeconds ?? 0);
          setTimeout(check, 20);
        };
        check();
      }),
    seconds,
  );
}

/** On a fresh page: the one pending recording, its listed length and its decoded MP3. */
async function recovered(page: Page) {
  const pending = await page.evaluate(() => window.harness.listPending());
  expect(pending).toHaveLength(1);
  const [entry] = pending;
  expect(entry?.interrupted).toBe(true);
  const resumed = await page.evaluate((localId) => window.harness.resume(localId), entry?.localId ?? '');
  expect(resumed).toMatchObject({ status: 'stopped' });
  const base64 = await page.evaluate(() => window.harness.audioBase64());
  const audio = await decodeMp3(new Uint8Array(Buffer.from(base64, 'base64')));
  return { listedSeconds: entry?.durationSeconds ?? 0, decodedSeconds: audio.durationSeconds, rms: audio.rms };
}

function expectWhole(kind: string, captured: number, result: Awaited<ReturnType<typeof recovered>>) {
  // The numbers the issue asks for ("8 s came back as 6 s"), in the test output.
  console.info(
    `spool ${kind}: captured ${captured.toFixed(2)} s, listed ${result.listedSeconds.toFixed(2)} s, decoded ${result.decodedSeconds.toFixed(2)} s`,
  );
  expect(captured).toBeGreaterThanOrEqual(RECORD_SECONDS);
  expect(result.decodedSeconds).toBeGreaterThanOrEqual(captured - MAY_LOSE_SECONDS);
  expect(result.listedSeconds).toBeGreaterThanOrEqual(captured - MAY_LOSE_SECONDS);
  expect(result.rms).toBeGreaterThan(0.01);
}

describe('a page killed while recording keeps all but the last second in the spool', () => {
  it('when the tab is closed', async () => {
    const context = await browser.newContext();
    const page = await openHarness(context);
    const captured = await recordFor(page, RECORD_SECONDS);
    await page.close();
    expectWhole('close', captured, await recovered(await openHarness(context)));
    await context.close();
  });

  it('when the page is reloaded', async () => {
    const context = await browser.newContext();
    const page = await openHarness(context);
    const captured = await recordFor(page, RECORD_SECONDS);
    await page.reload();
    await ready(page);
    expectWhole('reload', captured, await recovered(page));
    await context.close();
  });

  it('when the renderer crashes (no unload event at all) at the moment the spool is furthest behind', async () => {
    const context = await browser.newContext();
    const page = await openHarness(context);
    await recordFor(page, RECORD_SECONDS);
    // Kills at the spool's worst moment seen: as soon as it is 0.9 s behind what was captured
    // (the old timer-only spool reached that before every write), or after two more seconds
    // of watching it stay closer than that.
    const captured = await page.evaluate(
      (stopAt) =>
        new Promise<number>((resolve) => {
          const check = async () => {
            const elapsed = window.harness.state().elapsedSeconds ?? 0;
            const listed = (await window.harness.listPending())[0]?.durationSeconds ?? 0;
            const now = window.harness.state().elapsedSeconds ?? 0;
            if (now - listed >= 0.9 || elapsed >= stopAt) return resolve(now);
            setTimeout(() => void check(), 10);
          };
          void check();
        }),
      RECORD_SECONDS + 2,
    );
    const session = await context.newCDPSession(page);
    // Page.crash never answers: the renderer is gone.
    void session.send('Page.crash').catch(() => undefined);
    await page.waitForEvent('crash', { timeout: 60_000 });
    await page.close().catch(() => undefined);
    expectWhole('crash', captured, await recovered(await openHarness(context)));
    await context.close();
  });
});
