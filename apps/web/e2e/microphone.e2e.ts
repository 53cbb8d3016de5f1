import { axeViolations, clockReaches, launchBrowser, signUpThroughPage, watchPageErrors } from '@vocal/e2e';
import { decodeMp3, makeSpeechWav } from '@vocal/test-fixtures';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, confirmReview, messagesOf } from './support.ts';
import { sharedProduct, type SharedProduct } from './shared-product.ts';

/**
 * The microphone before and around a recording: the picker and test meter (Chromium's fake
 * device lists two inputs, "Fake Audio Input 1" and "2", with no extra flag), the help when
 * the browser refuses it, and the offer of a message a killed page left unsent.
 */
let product: SharedProduct;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let refusing: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  const wav = await makeSpeechWav('Testing my microphone before I record. One, two, three, I am speaking at a normal level.', {
    seconds: 8,
  });
  product = sharedProduct();
  // The whole browser: the headless shell gives a microphone a new id on each load, and a saved
  // choice is found again by its id.
  browser = await launchBrowser({ microphoneWav: wav, loop: true, wholeBrowser: true });
  refusing = await launchBrowser({ denyMicrophone: true });
});

afterAll(async () => {
  await browser?.close();
  await refusing?.close();
});

/** Every getUserMedia the page makes, with the device each stream really opened. */
type Opened = { asked: string | null; opened: string | undefined; live: () => boolean };
declare global {
  interface Window {
    openedMicrophones: Opened[];
  }
}
const watchGetUserMedia = () => {
  window.openedMicrophones = [];
  const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    const audio = constraints?.audio;
    const wanted = typeof audio === 'object' && audio.deviceId && typeof audio.deviceId === 'object' ? audio.deviceId : null;
    const stream = await original(constraints);
    const track = stream.getAudioTracks()[0];
    window.openedMicrophones.push({
      asked: wanted && 'exact' in wanted ? String(wanted.exact) : null,
      opened: track?.getSettings().deviceId,
      live: () => track?.readyState === 'live',
    });
    return stream;
  };
};

/**
 * The height a control answers taps over: small buttons keep their layout height and extend
 * their hit area with an absolutely placed ::before (.vk-button::before), so the box alone
 * would understate it.
 */
const touchHeight = (control: Locator) =>
  control.evaluate((element) => {
    const height = element.getBoundingClientRect().height;
    const before = getComputedStyle(element, '::before');
    if (before.position !== 'absolute') return height;
    const top = Number.parseFloat(before.top) || 0;
    const bottom = Number.parseFloat(before.bottom) || 0;
    return Math.max(height, height - top - bottom);
  });

const liveMicrophones = (page: Page) => page.evaluate(() => window.openedMicrophones.filter((each) => each.live()).length);

describe('the microphone on /record', () => {
  it('picks the second of two microphones, remembers it, meters it out of the red, and records with it', async () => {
    const context = await browser.newContext();
    await context.addInitScript(watchGetUserMedia);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await signUpThroughPage(page, product.url);
    await page.goto(`${product.url}/record`);

    const picker = page.getByRole('combobox', { name: 'Microphone' });
    await picker.waitFor();
    // The microphone was granted up front: the test meter listens at once and names appear.
    await page.getByRole('button', { name: 'Stop test' }).waitFor();
    await page.locator('option', { hasText: 'Fake Audio Input 2' }).waitFor({ state: 'attached' });
    const second = await page.locator('option', { hasText: 'Fake Audio Input 2' }).getAttribute('value');
    expect(second).toBeTruthy();

    // Keyboard only: focus the select and choose with the arrow keys.
    await picker.focus();
    await picker.selectOption({ label: 'Fake Audio Input 2' });
    await expect
      .poll(async () => (await apiAs(product.url, page, 'GET', 'personalisation')).body.recorder, { timeout: 90_000 })
      .toMatchObject({
        deviceId: second,
      });
    // The meter now listens to the second microphone.
    await page.waitForFunction((id) => window.openedMicrophones.some((each) => each.opened === id && each.live()), second);

    // Speech at a normal level: the meter moves, and never into the red. Sampled inside the
    // page until 3 s of meter readings with speech in them have been seen.
    const readings = await page.evaluate(
      () =>
        new Promise<{ levels: number[]; hot: number }>((resolve) => {
          const levels: number[] = [];
          let hot = 0;
          const meter = document.querySelector('[role="meter"][aria-label="Microphone test level"]')!;
          const read = () => {
            levels.push(Number(meter.getAttribute('aria-valuenow')));
            hot = Math.max(hot, meter.querySelectorAll('[data-lit][data-hot]').length);
            if (levels.filter((level) => level > 30).length >= 75) return resolve({ levels, hot });
            setTimeout(read, 40);
          };
          read();
        }),
    );
    expect(Math.max(...readings.levels)).toBeGreaterThan(50);
    expect(readings.hot).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect((await picker.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    expect(await touchHeight(page.getByRole('button', { name: 'Stop test' }))).toBeGreaterThanOrEqual(44);

    // Start: the test meter lets go, the recorder opens the chosen device.
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByRole('button', { name: 'Stop recording' }).waitFor();
    await clockReaches(page, 2);
    const last = await page.evaluate(() => window.openedMicrophones.at(-1));
    expect(last).toMatchObject({ asked: second, opened: second });
    expect(await liveMicrophones(page)).toBe(1);
    // The recording meter shows the same speech: blue, not red.
    expect(await page.locator('[role="meter"] [data-lit][data-hot]').count()).toBe(0);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await confirmReview(page);
    await page.getByText('Your message is ready', { exact: true }).waitFor();
    const [message] = await messagesOf(product.url, page);
    expect(message?.duration).toBeGreaterThanOrEqual(2);

    // A reload keeps the choice: it was saved in the settings.
    await page.reload();
    await expect.poll(() => page.getByRole('combobox', { name: 'Microphone' }).inputValue(), { timeout: 90_000 }).toBe(second);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('explains a refused microphone with the steps for this browser, and Try again asks again', async () => {
    // A phone: where touch targets matter.
    const context = await refusing.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await signUpThroughPage(page, product.url);
    await page.goto(`${product.url}/record`);
    // Keyboard only: Tab to Start and press Enter.
    const start = page.getByRole('button', { name: 'Start recording' });
    await start.focus();
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'Microphone access was blocked' });
    await alert.waitFor();
    // Headless Chromium is Chrome: the site settings icon at the left of the address bar.
    await page.getByText('To record, allow it for this site in Chrome:').waitFor();
    expect(await page.getByRole('listitem').first().textContent()).toContain('left of the address bar');
    expect(await axeViolations(page)).toEqual([]);
    const tryAgain = page.getByRole('button', { name: 'Try again' });
    expect(await touchHeight(tryAgain)).toBeGreaterThanOrEqual(44);

    // The person allows the microphone in the browser; Try again asks again and records.
    await context.grantPermissions(['microphone'], { origin: product.url });
    await tryAgain.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Stop recording' }).waitFor();
    // A second of speech, as a person would say something before stopping.
    await clockReaches(page, 1);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await page.getByRole('button', { name: 'Get link' }).waitFor();
    expect(errors.filter((error) => !/NotAllowedError|Permission denied/i.test(error))).toEqual([]);
    await context.close();
  });

  it('offers a message a killed page left unsent with a player of its length, and sends it', async () => {
    const context = await browser.newContext();
    const first = await context.newPage();
    await signUpThroughPage(first, product.url);
    await first.goto(`${product.url}/record`);
    await first.getByRole('button', { name: 'Start recording' }).click();
    await first.getByRole('button', { name: 'Stop recording' }).waitFor();
    await clockReaches(first, 5);
    // The tab goes away mid-recording: no Stop.
    await first.close({ runBeforeUnload: false });

    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${product.url}/record`);
    await page.getByRole('heading', { name: 'A message was not sent yet' }).waitFor();
    const player = page.locator('.vk-pending__player');
    await player.waitFor();
    // Its length is what was spooled: the 5 s on the clock, less at most the last second.
    const play = player.getByRole('button', { name: 'Play', exact: true });
    await play.waitFor();
    const listed = await page.locator('.vk-pending__meta').textContent();
    expect(listed).toMatch(/^0:0[45] · recorded/);
    const duration = await page.evaluate(() => {
      const audio = document.querySelector<HTMLAudioElement>('.vk-pending__player audio');
      return audio
        ? new Promise<number>((resolve) => {
            if (Number.isFinite(audio.duration) && audio.duration > 0) return resolve(audio.duration);
            audio.addEventListener('loadedmetadata', () => resolve(audio.duration), { once: true });
            audio.load();
          })
        : -1;
    });
    expect(duration).toBeGreaterThanOrEqual(4);
    // Listen, by keyboard.
    await play.focus();
    await page.keyboard.press('Enter');
    await player.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Send it now' }).click();
    await page.getByText('Your message is ready', { exact: true }).waitFor();
    const url = await page.getByRole('textbox', { name: 'Link to your message' }).inputValue();
    const id = url.split('/listen/')[1]!;
    const listen = (await (await fetch(`${product.url}/api/view-vocal/${id}`)).json()) as { audio: { audioUrl: string } };
    const stored = await decodeMp3(new Uint8Array(await (await fetch(listen.audio.audioUrl)).arrayBuffer()));
    expect(stored.durationSeconds).toBeGreaterThanOrEqual(4);
    expect(stored.rms).toBeGreaterThan(0.01);
    expect(errors).toEqual([]);
    await context.close();
  });
});
