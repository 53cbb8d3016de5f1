/**
 * Screenshots of the gallery for a person to look at (`pnpm gallery:shots`): the full gallery
 * in the Light and Black presets, and the report dialog open in each, at a phone and a desktop
 * size. Writes gallery/shots/*.png, which git ignores. Not part of `pnpm test`.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium, type Locator, type Page } from 'playwright-core';
import { createServer } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));
const outFolder = fileURLToPath(new URL('./shots/', import.meta.url));
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const viewports = [
  { name: 'narrow', width: 320, height: 640 },
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

const pages = [
  { name: 'gallery', query: '' },
  { name: 'dialog-light', query: '?theme=Light&dialog=report' },
  { name: 'dialog-black', query: '?theme=Black&dialog=report' },
];

/** States that only exist after someone does something, each shot as an element or a strip. */
async function interactions(page: Page, viewportName: string) {
  const shoot = async (name: string, target: Locator | null, clip?: { x: number; y: number; width: number; height: number }) => {
    const path = `${outFolder}interaction-${name}-${viewportName}.png`;
    if (target) await target.screenshot({ path });
    else await page.screenshot({ path, ...(clip ? { clip } : {}) });
    console.log(`wrote ${path}`);
  };
  await page.goto(`${base}?theme=Light`, { waitUntil: 'networkidle' });
  await page.evaluate(() => document.fonts.ready);

  const firstPlayer = page.locator('.vk-player').first();
  await firstPlayer.scrollIntoViewIfNeeded();
  await firstPlayer.getByRole('slider').focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(150);
  await shoot('slider-focused-after-arrow-right', firstPlayer);

  await firstPlayer.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForTimeout(1200);
  await shoot('player-playing', firstPlayer);
  await firstPlayer.getByRole('button', { name: 'Pause', exact: true }).click();
  await firstPlayer.getByRole('button', { name: /Playback speed/ }).click();
  await firstPlayer.getByRole('button', { name: /Playback speed/ }).click();
  await shoot('player-paused-speed-1.5', firstPlayer);

  const busyRow = page.locator('.gallery-row').nth(2);
  await busyRow.scrollIntoViewIfNeeded();
  await shoot('buttons-before-busy', busyRow);
  await busyRow.getByRole('button', { name: 'Busy for 1.5 s' }).click();
  await shoot('buttons-busy', busyRow);

  await page.getByRole('button', { name: 'start()' }).click();
  await page.waitForTimeout(700);
  await shoot('loading-bar-running', null, {
    x: 0,
    y: 0,
    width: page.viewportSize()?.width ?? 390,
    height: 60,
  });
  await page.getByRole('button', { name: 'error()' }).click();
  await shoot('loading-bar-error', null, {
    x: 0,
    y: 0,
    width: page.viewportSize()?.width ?? 390,
    height: 60,
  });

  const copyField = page.locator('.vk-copy-link');
  await copyField.scrollIntoViewIfNeeded();
  await copyField.getByRole('button', { name: 'Copy', exact: true }).click();
  await page.waitForTimeout(100);
  await shoot('copy-link-after-click', copyField);

  await page.getByRole('button', { name: 'Report an issue' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Send Report' }).click();
  await page.waitForTimeout(250);
  await shoot('report-required', dialog);
  await dialog.getByRole('textbox').fill('Too short');
  await shoot('report-too-short', dialog);
  await dialog.getByRole('textbox').fill('The player stops after one minute on my phone');
  await dialog.getByRole('button', { name: 'Send Report' }).click();
  await shoot('report-sending', dialog);
}

const server = await createServer({
  configFile: `${here}vite.config.ts`,
  server: { port: 0, host: '127.0.0.1' },
  logLevel: 'warn',
});
await server.listen();
const base = server.resolvedUrls?.local[0];
if (!base) throw new Error('The gallery server did not report its address');

const browser = await chromium.launch({
  executablePath: chromiumPath,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

try {
  await mkdir(outFolder, { recursive: true });
  for (const viewport of viewports) {
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
      deviceScaleFactor: 1,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    for (const shot of pages) {
      await page.goto(`${base}${shot.query}`, { waitUntil: 'networkidle' });
      await page.evaluate(() => document.fonts.ready);
      // Lets the player read its metadata and the dialog finish opening.
      await page.waitForTimeout(400);
      const path = `${outFolder}${shot.name}-${viewport.name}.png`;
      // A dialog is about the viewport, the gallery about the whole page.
      const fullPage = shot.name === 'gallery';
      await page.screenshot({ path, fullPage });
      console.log(`wrote ${path}`);
      if (!fullPage) continue;
      // The whole page again in viewport-high slices, to look at in detail at full resolution.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let top = 0, index = 1; top < height; top += viewport.height, index += 1) {
        const clip = {
          x: 0,
          y: top,
          width: viewport.width,
          height: Math.min(viewport.height, height - top),
        };
        await page.screenshot({
          path: `${outFolder}${shot.name}-${viewport.name}-${index}.png`,
          fullPage: true,
          clip,
        });
      }
    }
    await interactions(page, viewport.name);
    const fontFamily = await page.evaluate(() => {
      const element = document.querySelector('.vk-theme');
      return element ? getComputedStyle(element).fontFamily : '';
    });
    const interLoaded = await page.evaluate(() => document.fonts.check('16px "Inter Variable"'));
    console.log(`${viewport.name}: font-family ${fontFamily}; Inter Variable loaded: ${interLoaded}`);
    if (problems.length > 0) console.log(`${viewport.name}: page errors:\n  ${problems.join('\n  ')}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
