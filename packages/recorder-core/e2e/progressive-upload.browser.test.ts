import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { watchPageErrors, type ApiProcess } from '@vocal/e2e';
import { junkBytes, makeMp3 } from '@vocal/test-fixtures';
import type { Tokens } from '@vocal/settings-model';
import type { BuiltHarnessServer } from './harness-server.ts';
import { startHarnessSuite, type HarnessSuite } from './harness-suite.ts';
import { state, WAIT, waitForElapsed } from './harness-steps.ts';

let api: ApiProcess;
let harness: BuiltHarnessServer;
let suite: HarnessSuite;
let tokens: Tokens;

beforeAll(async () => {
  suite = await startHarnessSuite({
    speech: 'This message goes to the server while it is being recorded, a second at a time, so the link is ready at once.',
    seconds: 6,
    name: 'progressive',
  });
  ({ api, harness, tokens } = suite);
});

afterAll(() => suite?.close());

/** The tus requests and upload-vocal calls a page makes, as Chromium saw them leave. */
type Traffic = { patches: { at: number; bytes: number; status: number | null }[]; uploadVocalBodies: Buffer[] };

async function openHarness(context: BrowserContext): Promise<{ page: Page; errors: string[]; traffic: Traffic }> {
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  const traffic: Traffic = { patches: [], uploadVocalBodies: [] };
  page.on('requestfinished', (request: Request) => {
    void Promise.all([request.response(), request.headerValue('content-length')]).then(([response, length]) => {
      const url = new URL(request.url());
      if (request.method() === 'PATCH' && url.pathname.startsWith('/api/uploads/')) {
        // A Blob's bytes are not shown to Playwright: its declared length says how many went.
        const bytes = request.postDataBuffer()?.length ?? Number(length ?? 0);
        traffic.patches.push({ at: Date.now(), bytes, status: response?.status() ?? null });
      }
      if (url.pathname === '/api/upload-vocal') traffic.uploadVocalBodies.push(request.postDataBuffer() ?? Buffer.alloc(0));
    });
  });
  await page.goto(harness.url);
  await page.waitForFunction(() => typeof window.harness !== 'undefined', undefined, WAIT);
  await page.evaluate((given) => window.harness.signIn(given), tokens);
  await page.evaluate(() => window.harness.create({ plan: 1 }));
  return { page, errors, traffic };
}

/** What the server stores for the message is, byte for byte, what the page recorded. */
async function expectStoredAsRecorded(page: Page, id: string): Promise<void> {
  const listen = await fetch(`${api.url}/api/view-vocal/${id}`);
  expect(listen.status).toBe(200);
  const payload = (await listen.json()) as { audio: { audioUrl: string } };
  const stored = new Uint8Array(await (await fetch(payload.audio.audioUrl)).arrayBuffer());
  const recorded = new Uint8Array(Buffer.from(await page.evaluate(() => window.harness.audioBase64()), 'base64'));
  expect(stored.length).toBe(recorded.length);
  expect(Buffer.from(stored).equals(Buffer.from(recorded))).toBe(true);
}

/** The owner's messages with this id: exactly one, however often its pieces were sent. */
async function messagesWithId(id: string): Promise<number> {
  const response = await fetch(`${api.url}/api/audio`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
  const body = (await response.json()) as { audios: { id: string; uploaded: boolean }[] };
  return body.audios.filter((audio) => audio.id === id && audio.uploaded).length;
}

const recordingPart = (body: Buffer) => body.includes('name="recording"');

/**
 * Stops and uploads; answers the message's id once it is shared, stored byte for byte as
 * recorded, and the only message with that id.
 */
async function stopAndShare(page: Page): Promise<string> {
  await page.evaluate(() => window.harness.stop());
  const shared = await page.evaluate(() => window.harness.upload());
  expect(shared.status).toBe('shared');
  const id = shared.share?.id ?? '';
  await expectStoredAsRecorded(page, id);
  expect(await messagesWithId(id)).toBe(1);
  return id;
}

async function waitForPatches(traffic: Traffic, count: number): Promise<void> {
  const deadline = Date.now() + WAIT.timeout;
  while (traffic.patches.filter((patch) => patch.status === 204).length < count) {
    if (Date.now() > deadline) throw new Error(`Only ${traffic.patches.length} PATCH requests were seen`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('progressive upload in Chromium (tus, while recording)', () => {
  it('sends the MP3 while the person speaks, so upload-vocal after Stop carries no recording', async () => {
    const context = await suite.browser.newContext();
    const { page, errors, traffic } = await openHarness(context);
    expect(await page.evaluate(() => window.harness.start())).toMatchObject({ status: 'recording' });
    await waitForElapsed(page, 4);
    // Pieces arrived before Stop was pressed.
    await waitForPatches(traffic, 2);
    await stopAndShare(page);
    expect(traffic.uploadVocalBodies).toHaveLength(1);
    expect(recordingPart(traffic.uploadVocalBodies[0]!)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps up on a weak uplink (1.6 Mbit/s up, 40 ms), so after Stop only the tail and the context are left', async () => {
    const context = await suite.browser.newContext();
    const { page, errors, traffic } = await openHarness(context);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 40,
      uploadThroughput: 1_600_000 / 8,
      downloadThroughput: 10_000_000 / 8,
    });
    await page.evaluate(() => window.harness.start());
    await waitForElapsed(page, 5);
    await waitForPatches(traffic, 3);
    await page.evaluate(() => window.harness.stop());
    const recorded = Buffer.from(await page.evaluate(() => window.harness.audioBase64()), 'base64').length;
    const beforeUpload = traffic.patches.filter((patch) => patch.status === 204).reduce((sum, patch) => sum + patch.bytes, 0);
    const shared = await page.evaluate(() => window.harness.upload());
    expect(shared.status).toBe('shared');
    const id = shared.share?.id ?? '';
    await expectStoredAsRecorded(page, id);
    // Most of it had arrived before the upload began: what was left is the last spooled second or so.
    expect(recorded - beforeUpload).toBeLessThan(recorded / 2);
    expect(recordingPart(traffic.uploadVocalBodies.at(-1)!)).toBe(false);
    // Nor was a picture sent: the server draws it from the peaks.
    expect(traffic.uploadVocalBodies.at(-1)!.includes('name="image"')).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('goes on by itself after ten seconds offline in the middle, sending nothing twice', async () => {
    const context = await suite.browser.newContext();
    const { page, errors, traffic } = await openHarness(context);
    await page.evaluate(() => window.harness.start());
    await waitForElapsed(page, 2);
    await waitForPatches(traffic, 1);
    await context.setOffline(true);
    const offlineAt = (await state(page)).elapsedSeconds ?? 0;
    await waitForElapsed(page, offlineAt + 10);
    await context.setOffline(false);
    const onlineAt = (await state(page)).elapsedSeconds ?? 0;
    await waitForElapsed(page, onlineAt + 2);
    // Pieces flow again before Stop: what was recorded offline is not left for the end.
    await waitForPatches(traffic, traffic.patches.filter((patch) => patch.status === 204).length + 1);
    await stopAndShare(page);
    expect(recordingPart(traffic.uploadVocalBodies.at(-1)!)).toBe(false);
    // Nothing acknowledged was sent again: the bytes that arrived add up to the file.
    const recorded = Buffer.from(await page.evaluate(() => window.harness.audioBase64()), 'base64').length;
    const accepted = traffic.patches.filter((patch) => patch.status === 204).reduce((sum, patch) => sum + patch.bytes, 0);
    expect(accepted).toBe(recorded);
    // The only errors are the requests the browser could not send while offline.
    expect(errors.filter((error) => !error.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await context.close();
  });

  it('sends the rest by itself when the network comes back after Stop', async () => {
    const context = await suite.browser.newContext();
    const { page, traffic } = await openHarness(context);
    await page.evaluate(() => window.harness.start());
    await waitForElapsed(page, 3);
    await context.setOffline(true);
    await page.evaluate(() => window.harness.stop());
    const failed = await page.evaluate(() => window.harness.upload());
    expect(failed).toMatchObject({ status: 'failed', reason: 'offline' });
    await context.setOffline(false);
    await page.waitForFunction(() => window.harness.state().status === 'shared', undefined, WAIT);
    const id = (await state(page)).share?.id ?? '';
    await expectStoredAsRecorded(page, id);
    expect(recordingPart(traffic.uploadVocalBodies.at(-1)!)).toBe(false);
    expect(await messagesWithId(id)).toBe(1);
    await context.close();
  });

  it('carries on across a server killed (kill -9) and restarted mid-recording: the message arrives whole, once', async () => {
    const context = await suite.browser.newContext();
    const { page, traffic } = await openHarness(context);
    await page.evaluate(() => window.harness.start());
    await waitForElapsed(page, 2);
    await waitForPatches(traffic, 1);
    await api.kill();
    const downAt = (await state(page)).elapsedSeconds ?? 0;
    await waitForElapsed(page, downAt + 2);
    await api.restart();
    const upAt = (await state(page)).elapsedSeconds ?? 0;
    await waitForElapsed(page, upAt + 2);
    await stopAndShare(page);
    // Resumed from what the restarted server had on disk, not sent again whole.
    expect(recordingPart(traffic.uploadVocalBodies.at(-1)!)).toBe(false);
    await context.close();
  });

  it('renews an access token that expires while the person speaks, and the stream goes on', async () => {
    const context = await suite.browser.newContext();
    const { page, traffic } = await openHarness(context);
    await page.evaluate(() => window.harness.start());
    await waitForElapsed(page, 2);
    await waitForPatches(traffic, 1);
    // The access token stops working mid-recording (as one does after its minutes); the refresh token still works.
    await page.evaluate(
      (refreshToken) => window.harness.signIn({ accessToken: 'expired.access.token', refreshToken }),
      tokens.refreshToken,
    );
    const accepted = traffic.patches.filter((patch) => patch.status === 204).length;
    await waitForPatches(traffic, accepted + 2);
    await stopAndShare(page);
    expect(traffic.patches.some((patch) => patch.status === 401)).toBe(true);
    // It went on streaming: nothing was left for the whole file.
    expect(recordingPart(traffic.uploadVocalBodies.at(-1)!)).toBe(false);
    await context.close();
  });

  it('resumes after a reload from what the server has, sending only what it lacks from the spool', async () => {
    const context = await suite.browser.newContext();
    const { page, traffic } = await openHarness(context);
    await page.evaluate(() => window.harness.start());
    await waitForElapsed(page, 4);
    await waitForPatches(traffic, 2);
    await page.reload();
    await page.waitForFunction(() => typeof window.harness !== 'undefined', undefined, WAIT);
    await page.evaluate((given) => window.harness.signIn(given), tokens);
    const seenBefore = traffic.patches.length;
    const [pending] = await page.evaluate(() => window.harness.listPending());
    expect(pending?.recordingId).toBeTruthy();
    // What the server says it has (a PATCH cut off by the reload may have arrived all the same).
    const head = await fetch(`${api.url}/api/uploads/${pending?.recordingId}`, {
      method: 'HEAD',
      headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${tokens.accessToken}` },
    });
    const arrivedBefore = Number(head.headers.get('upload-offset'));
    expect(await page.evaluate((localId) => window.harness.resume(localId), pending?.localId ?? '')).toMatchObject({ status: 'stopped' });
    const shared = await page.evaluate(() => window.harness.upload());
    expect(shared.status).toBe('shared');
    const id = shared.share?.id ?? '';
    expect(id).toBe(pending?.recordingId);
    await expectStoredAsRecorded(page, id);
    const recorded = Buffer.from(await page.evaluate(() => window.harness.audioBase64()), 'base64').length;
    const sentAfter = traffic.patches.slice(seenBefore).reduce((sum, patch) => sum + patch.bytes, 0);
    expect(arrivedBefore).toBeGreaterThan(0);
    expect(sentAfter).toBe(recorded - arrivedBefore);
    expect(recordingPart(traffic.uploadVocalBodies.at(-1)!)).toBe(false);
    await context.close();
  });

  /**
   * Replaces the first PATCH's body on its way with `body`; answers what the server said to it.
   * On a loaded machine the first PATCH can also be the last, declaring the recording's length:
   * that declaration goes, so the bytes are judged as a piece of a stream either way, never
   * against a length they were not sent with.
   */
  async function replaceFirstPiece(page: Page, body: Uint8Array): Promise<() => { status: number; msg: string } | null> {
    let refusal: { status: number; msg: string } | null = null;
    await page.route('**/api/uploads/*', async (route) => {
      if (route.request().method() !== 'PATCH' || refusal) return route.continue();
      const { 'upload-length': _declared, 'content-length': _length, ...headers } = await route.request().allHeaders();
      const response = await route.fetch({ postData: Buffer.from(body), headers });
      refusal = { status: response.status(), msg: ((await response.json()) as { msg: string }).msg };
      await route.fulfill({ response });
    });
    return () => refusal;
  }

  it('has a piece of junk refused at once, and still delivers the real recording whole', async () => {
    const context = await suite.browser.newContext();
    const { page, traffic } = await openHarness(context);
    // One piece is replaced on its way with bytes that are no MP3 at all.
    const refusal = await replaceFirstPiece(page, junkBytes(40 * 1024));
    await page.evaluate(() => window.harness.start());
    await waitForElapsed(page, 3);
    await stopAndShare(page);
    expect(refusal()).toEqual({ status: 415, msg: 'recording: is not an MP3 file' });
    // The refused upload was dropped, so the whole file went with upload-vocal.
    expect(recordingPart(traffic.uploadVocalBodies.at(-1)!)).toBe(true);
    await context.close();
  });

  it("stops a stream at Free's minute as it arrives, with the plan's own message", async () => {
    const context = await suite.browser.newContext();
    const { page } = await openHarness(context);
    // The account is Free; a first piece that already plays 70 s (a page that ignored its plan) is
    // refused while it streams, before the rest of it is even read.
    const refusal = await replaceFirstPiece(page, await makeMp3(70));
    await page.evaluate(() => window.harness.start());
    await waitForElapsed(page, 3);
    await stopAndShare(page);
    expect(refusal()).toEqual({
      status: 403,
      msg: 'Free plan messages can be at most 1 minute long. Upgrade to Pro for unlimited length.',
    });
    await context.close();
  });
});
