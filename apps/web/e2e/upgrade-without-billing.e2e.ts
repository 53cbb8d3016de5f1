import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { axeViolations, signUpThroughPage } from '@vocal/e2e';
import { describe, expect, it } from 'vitest';
import { fileBrowser } from './file-browser.ts';
import { fileProduct } from './file-product.ts';

/**
 * /upgrade on a server that takes no payments (no Stripe settings): what each plan allows, and
 * that plans are managed by the people who run the server, with whom to ask (SIGNUP_CONTACT).
 * People who use the app cannot run anything on the server: no command line, ever.
 */
const shots = join(import.meta.dirname, '..', 'screenshots');
const CONTACT = 'it-desk@example.com';
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

await mkdir(shots, { recursive: true });
const product = await fileProduct({
  env: { SIGNUP_CONTACT: CONTACT, ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}) },
});
const browser = await fileBrowser();

describe('/upgrade without billing', () => {
  it('shows the plans and whom to ask, never a command; light and dark, phone and desktop, no axe violations', async () => {
    const first = await browser.newContext();
    const signUp = await first.newPage();
    await signUpThroughPage(signUp, product.url);
    const storageState = await first.storageState();
    await first.close();

    for (const scheme of ['light', 'dark'] as const) {
      for (const [size, viewport] of Object.entries(viewports)) {
        const context = await browser.newContext({
          viewport,
          colorScheme: scheme,
          isMobile: size === 'phone',
          hasTouch: size === 'phone',
          storageState,
        });
        const page = await context.newPage();
        await page.goto(`${product.url}/upgrade`);
        await page.getByRole('heading', { name: 'Getting Pro', level: 2 }).waitFor();
        expect(await page.getByRole('table').innerText()).toContain('Transcripts of your messages');
        const text = await page.locator('main').innerText();
        expect(text).toContain('plans are managed by the people who run it');
        expect(text).not.toMatch(/pnpm|npx|set-plan|admin users/);
        expect(await page.locator('code, pre').count()).toBe(0);
        expect(text).toContain(`To get Pro, ask ${CONTACT}.`);
        const ask = page.getByRole('link', { name: `Write to ${CONTACT}` });
        expect(await ask.getAttribute('href')).toMatch(new RegExp(`^mailto:${CONTACT}\\?subject=`));
        if (size === 'phone') {
          // The button's touch target is its ::before, 44 px tall around a 40 px button.
          const target = await ask.evaluate(
            (link) => link.getBoundingClientRect().height - 2 * parseFloat(getComputedStyle(link, '::before').top),
          );
          expect(target).toBeGreaterThanOrEqual(44);
        }
        expect(await axeViolations(page)).toEqual([]);
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: join(shots, `upgrade-without-billing-${size}-${scheme}.png`), fullPage: true });
        await context.close();
      }
    }
  });
});
