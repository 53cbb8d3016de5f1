/**
 * Screenshots of the extension as a person sees it, at the real sizes: the recorder frame in
 * Gmail's compose window (360 × 560), the toolbar popup (380 wide; Chrome shows at most
 * 800 × 600), the microphone tab and the web app's sign-in tab (desktop and phone), light and
 * dark. Driven for real (the API serving the web app and the extension's zip, a fake
 * microphone); axe-core runs on each and its findings are printed. Writes PNGs to
 * apps/chrome-extension/screenshots/ (ignored by git) to be looked at.
 */
import { axeViolations, PASSWORD, takeScreenshots, uniqueEmail } from '@vocal/e2e';
import type { Frame, Locator, Page } from 'playwright-core';
import { startExtensionSuite } from '../e2e/extension-suite.ts';

type ExtensionSuite = Awaited<ReturnType<typeof startExtensionSuite>>;

async function shot(target: Page | Locator, path: string, axeOn: Page | Frame) {
  await axeOn.evaluate(() => document.fonts.ready.then(() => undefined));
  await target.screenshot({ path });
  const violations = await axeViolations(axeOn);
  if (violations.length) process.stdout.write(`${path}: ${violations.join('; ')}\n`);
}

async function signUp(suite: ExtensionSuite) {
  const response = await fetch(`${suite.product.url}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: uniqueEmail('shots'), password: PASSWORD }),
  });
  return (await response.json()) as unknown;
}

await takeScreenshots({
  scriptDir: import.meta.dirname,
  start: () => startExtensionSuite('Hello! This is a short voice message to show how the extension looks.'),
  async scenes(suite, colorScheme, pathOf) {
    const profile = await suite.openProfile({ colorScheme });
    const gmail = await profile.openGmail();
    await gmail.getByRole('button', { name: 'Record a voice message' }).nth(1).click();
    const frameElement = gmail.locator('iframe[title="Vocal voice message recorder"]');
    await frameElement.waitFor();
    // The frame as soon as its element is there: it may still be on its way to compose.html.
    const frame = (await (await frameElement.elementHandle())!.contentFrame())!;
    await frame.getByRole('button', { name: 'Sign in' }).waitFor();
    await shot(gmail, pathOf('gmail-signed-out'), frame);
    await shot(frameElement, pathOf('compose-signed-out'), frame);

    const tokens = await signUp(suite);
    await profile.serviceWorker.evaluate((value) => chrome.storage.session.set({ 'vocal.tokens': value }), tokens);
    await frame.getByRole('button', { name: 'Start recording' }).waitFor();
    await shot(frameElement, pathOf('compose-idle'), frame);
    await frame.getByRole('button', { name: 'Start recording' }).click();
    await frame.locator('.vk-record-flow__elapsed', { hasText: '0:02' }).waitFor();
    await shot(frameElement, pathOf('compose-recording'), frame);
    await frame.getByRole('button', { name: 'Stop recording' }).click();
    await frame.getByText('Listen before you send').waitFor();
    await shot(frameElement, pathOf('compose-review'), frame);
    await frame.getByRole('button', { name: 'Add to email' }).click();
    await frame.getByText('Your message is ready', { exact: true }).waitFor();
    await shot(frameElement, pathOf('compose-shared'), frame);
    await shot(gmail, pathOf('gmail-inserted'), frame);

    const popup = await profile.openExtensionPage('popup.html', { width: 380, height: 600 });
    await popup.getByRole('button', { name: 'Start recording' }).waitFor();
    await shot(popup, pathOf('popup-idle'), popup);

    // The web app's sign-in tab, as the extension opens it (signed out there).
    for (const [size, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      const signIn = await profile.context.newPage();
      await signIn.setViewportSize(viewport);
      await signIn.goto(`${suite.product.url}/hosts-sign-in?host=chrome-extension&extension=${profile.extensionId}`);
      await signIn.getByLabel('Email').waitFor();
      await shot(signIn, pathOf(`web-sign-in-${size}`), signIn);
      await signIn.close();
    }

    // Without the microphone: the popup's step, and the tab's refusal.
    const refused = await suite.openProfile({ microphone: 'deny', colorScheme });
    await refused.serviceWorker.evaluate((value) => chrome.storage.session.set({ 'vocal.tokens': value }), await signUp(suite));
    const blockedPopup = await refused.openExtensionPage('popup.html', { width: 380, height: 600 });
    await blockedPopup.getByRole('heading', { name: 'Allow the microphone once' }).waitFor();
    await shot(blockedPopup, pathOf('popup-microphone-needed'), blockedPopup);
    const grant = await refused.openExtensionPage('permission.html');
    await shot(grant, pathOf('microphone-tab'), grant);
    await grant.getByRole('button', { name: 'Allow microphone' }).click();
    await grant.getByText('Chrome refused the microphone for Vocal.').waitFor();
    await shot(grant, pathOf('microphone-tab-refused'), grant);
    await blockedPopup.getByRole('heading', { name: 'The microphone is blocked' }).waitFor();
    await shot(blockedPopup, pathOf('popup-microphone-blocked'), blockedPopup);
    await refused.close();
    await profile.close();
  },
});
