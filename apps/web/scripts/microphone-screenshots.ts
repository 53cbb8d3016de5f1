/**
 * Screenshots of the microphone parts of /record: the idle step with the picker and the test
 * meter hearing speech, the help when the microphone is refused, and the offer of a message a
 * closed tab left unsent (with its player); light and dark, phone and desktop, into
 * apps/web/screenshots/ (ignored by git) to be looked at. Run after a build:
 * `pnpm build && tsx scripts/microphone-screenshots.ts`.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchBrowser, signUpThroughPage, startProduct } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';

const out = join(import.meta.dirname, '..', 'screenshots');
await mkdir(out, { recursive: true });
const product = await startProduct();
const wav = await makeSpeechWav('Testing my microphone before I record. I am speaking at a normal level.', { seconds: 8 });
const browser = await launchBrowser({ microphoneWav: wav, loop: true });
const refusing = await launchBrowser({ denyMicrophone: true });
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
const schemes = ['light', 'dark'] as const;

try {
  const signUp = await browser.newContext();
  const signUpPage = await signUp.newPage();
  await signUpThroughPage(signUpPage, product.url);
  const storageState = await signUp.storageState();

  // One message left unsent: recorded for 4 s in a tab that is then closed without Stop.
  await signUpPage.goto(`${product.url}/record`);
  await signUpPage.getByRole('button', { name: 'Start recording' }).click();
  await signUpPage.locator('.vk-record-flow__elapsed', { hasText: '0:04' }).waitFor();
  await signUpPage.close({ runBeforeUnload: false });
  const spooled = await signUp.storageState({ indexedDB: true });
  await signUp.close();

  for (const scheme of schemes) {
    for (const [name, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({ viewport, colorScheme: scheme, storageState });
      const page = await context.newPage();
      await page.goto(`${product.url}/record`);
      await page.getByRole('button', { name: 'Stop test' }).waitFor();
      // Shot while the meter hears speech.
      await page.waitForFunction(
        () => Number(document.querySelector('[aria-label="Microphone test level"]')?.getAttribute('aria-valuenow')) > 55,
      );
      await page.screenshot({ path: join(out, `microphone-idle-${scheme}-${name}.png`), fullPage: true });
      await context.close();

      const offered = await browser.newContext({ viewport, colorScheme: scheme, storageState: spooled });
      const offeredPage = await offered.newPage();
      await offeredPage.goto(`${product.url}/record`);
      await offeredPage.locator('.vk-pending__player').waitFor();
      await offeredPage.waitForLoadState('networkidle');
      await offeredPage.screenshot({ path: join(out, `microphone-unsent-offer-${scheme}-${name}.png`), fullPage: true });
      await offered.close();

      const denied = await refusing.newContext({ viewport, colorScheme: scheme, storageState });
      const deniedPage = await denied.newPage();
      await deniedPage.goto(`${product.url}/record`);
      await deniedPage.getByRole('button', { name: 'Start recording' }).click();
      await deniedPage.getByText('To record, allow it for this site in Chrome:').waitFor();
      await deniedPage.screenshot({ path: join(out, `microphone-refused-${scheme}-${name}.png`), fullPage: true });
      await denied.close();
    }
  }
  process.stdout.write(`Screenshots in ${out}\n`);
} finally {
  await browser.close();
  await refusing.close();
  await product.stop();
}
