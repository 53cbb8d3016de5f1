/**
 * Screenshots of /record in each state of the record flow: idle, recording in the last 10 s
 * before Free's 1-minute limit (the warning), review (cut at the limit, with its notice),
 * and shared; light and dark, phone and desktop, into apps/web/screenshots/ (ignored by git)
 * to be looked at, not compared. Run after a build: `pnpm build && tsx scripts/record-screenshots.ts`.
 * The four windows record side by side, so the minute is waited for once.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchBrowser, signUpThroughPage, startProduct } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';

const out = join(import.meta.dirname, '..', 'screenshots');
await mkdir(out, { recursive: true });
const product = await startProduct();
const wav = await makeSpeechWav('Hello, this is a voice message. I am speaking into the microphone so you can hear me.', { seconds: 12 });
const browser = await launchBrowser({ microphoneWav: wav, loop: true });
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

try {
  const signUp = await browser.newContext();
  const signUpPage = await signUp.newPage();
  await signUpThroughPage(signUpPage, product.url);
  const storageState = await signUp.storageState();
  await signUp.close();

  const windows = await Promise.all(
    (['light', 'dark'] as const).flatMap((scheme) =>
      Object.entries(viewports).map(async ([name, viewport]) => {
        const context = await browser.newContext({ viewport, colorScheme: scheme, storageState });
        const page = await context.newPage();
        const shot = (state: string) => page.screenshot({ path: join(out, `record-${state}-${scheme}-${name}.png`), fullPage: true });
        await page.goto(`${product.url}/record`);
        await page.getByRole('button', { name: 'Start recording' }).waitFor();
        await page.waitForLoadState('networkidle');
        return { context, page, shot };
      }),
    ),
  );
  for (const { page, shot } of windows) {
    await shot('idle');
    await page.getByRole('button', { name: 'Start recording' }).click();
  }
  // Each window is shot as soon as its own warning shows: the limit follows 10 s later.
  await Promise.all(
    windows.map(async ({ page, shot }) => {
      await page.locator('.vk-record-flow__clock--warning').waitFor({ timeout: 120_000 });
      await shot('recording-warning');
    }),
  );
  for (const { page, shot } of windows) {
    await page.getByText('Uploaded. Your link is ready.').waitFor({ timeout: 120_000 });
    await shot('review');
    await page.getByRole('textbox', { name: 'Title' }).fill('Site visit notes');
    await page.getByRole('button', { name: 'Get link' }).click();
    await page.getByRole('textbox', { name: 'Link to your message' }).waitFor();
    await shot('shared');
  }
  await Promise.all(windows.map(({ context }) => context.close()));
  process.stdout.write(`Screenshots in ${out}\n`);
} finally {
  await browser.close();
  await product.stop();
}
