/**
 * Screenshots of the extension as a person sees it, at the real sizes: the recorder frame in
 * Gmail's compose window (360 × 560), the toolbar popup (380 wide; Chrome shows at most
 * 800 × 600), the microphone tab and the web app's sign-in tab (desktop and phone), light and
 * dark. Driven for real (the API serving the web app and the extension's zip, a fake
 * microphone); axe-core runs on each and its findings are printed. Writes PNGs to
 * apps/chrome-extension/screenshots/ (ignored by git) to be looked at.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { axeViolations, PASSWORD, uniqueEmail } from '@vocal/e2e';
import type { Frame, Locator, Page } from 'playwright-core';
import { startExtensionSuite } from '../e2e/extension-suite.ts';

const out = join(import.meta.dirname, '..', 'screenshots');
await mkdir(out, { recursive: true });
const suite = await startExtensionSuite('Hello! This is a short voice message to show how the extension looks.');

async function shot(target: Page | Locator, name: string, axeOn: Page | Frame) {
  await axeOn.evaluate(() => document.fonts.ready.then(() => undefined));
  await target.screenshot({ path: join(out, `${name}.png`) });
  const violations = await axeViolations(axeOn);
  if (violations.length) process.stdout.write(`${name}: ${violations.join('; ')}\n`);
}

async function signUp() {
  const response = await fetch(`${suite.product.url}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: uniqueEmail('shots'), password: PASSWORD }),
  });
  return (await response.json()) as unknown;
}

try {
  for (const colorScheme of ['light', 'dark'] as const) {
    const profile = await suite.openProfile({ colorScheme });
    const gmail = await profile.openGmail();
    await gmail.getByRole('button', { name: 'Record a voice message' }).nth(1).click();
    const frameElement = gmail.locator('iframe[title="Vocal voice message recorder"]');
    await frameElement.waitFor();
    // The frame as soon as its element is there: it may still be on its way to compose.html.
    const frame = (await (await frameElement.elementHandle())!.contentFrame())!;
    await frame.getByRole('button', { name: 'Sign in' }).waitFor();
    await shot(gmail, `gmail-signed-out-${colorScheme}`, frame);
    await shot(frameElement, `compose-signed-out-${colorScheme}`, frame);

    const tokens = await signUp();
    await profile.serviceWorker.evaluate((value) => chrome.storage.session.set({ 'vocal.tokens': value }), tokens);
    await frame.getByRole('button', { name: 'Start recording' }).waitFor();
    await shot(frameElement, `compose-idle-${colorScheme}`, frame);
    await frame.getByRole('button', { name: 'Start recording' }).click();
    await frame.locator('.vk-record-flow__elapsed', { hasText: '0:02' }).waitFor();
    await shot(frameElement, `compose-recording-${colorScheme}`, frame);
    await frame.getByRole('button', { name: 'Stop recording' }).click();
    await frame.getByText('Listen before you send').waitFor();
    await shot(frameElement, `compose-review-${colorScheme}`, frame);
    await frame.getByRole('button', { name: 'Add to email' }).click();
    await frame.getByText('Your message is ready', { exact: true }).waitFor();
    await shot(frameElement, `compose-shared-${colorScheme}`, frame);
    await shot(gmail, `gmail-inserted-${colorScheme}`, frame);

    const popup = await profile.openExtensionPage('popup.html', { width: 380, height: 600 });
    await popup.getByRole('button', { name: 'Start recording' }).waitFor();
    await shot(popup, `popup-idle-${colorScheme}`, popup);

    // The web app's sign-in tab, as the extension opens it (signed out there).
    for (const [size, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      const signIn = await profile.context.newPage();
      await signIn.setViewportSize(viewport);
      await signIn.goto(`${suite.product.url}/hosts-sign-in?host=chrome-extension&extension=${profile.extensionId}`);
      await signIn.getByLabel('Email').waitFor();
      await shot(signIn, `web-sign-in-${size}-${colorScheme}`, signIn);
      await signIn.close();
    }

    // Without the microphone: the popup's step, and the tab's refusal.
    const refused = await suite.openProfile({ microphone: 'deny', colorScheme });
    await refused.serviceWorker.evaluate((value) => chrome.storage.session.set({ 'vocal.tokens': value }), await signUp());
    const blockedPopup = await refused.openExtensionPage('popup.html', { width: 380, height: 600 });
    await blockedPopup.getByRole('heading', { name: 'Allow the microphone once' }).waitFor();
    await shot(blockedPopup, `popup-microphone-needed-${colorScheme}`, blockedPopup);
    const grant = await refused.openExtensionPage('permission.html');
    await shot(grant, `microphone-tab-${colorScheme}`, grant);
    await grant.getByRole('button', { name: 'Allow microphone' }).click();
    await grant.getByText('Chrome refused the microphone for Vocal.').waitFor();
    await shot(grant, `microphone-tab-refused-${colorScheme}`, grant);
    await blockedPopup.getByRole('heading', { name: 'The microphone is blocked' }).waitFor();
    await shot(blockedPopup, `popup-microphone-blocked-${colorScheme}`, blockedPopup);
    await refused.close();
    await profile.close();
  }
  process.stdout.write(`Screenshots written to ${out}\n`);
} finally {
  await suite.stop();
}
