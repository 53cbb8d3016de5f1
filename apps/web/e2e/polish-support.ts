import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { animationsSettled, axeViolations, PASSWORD, uniqueEmail } from '@vocal/e2e';
import { makeMp3, makePng } from '@vocal/test-fixtures';
import type { launchBrowser } from '@vocal/e2e';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

/** Screenshots to look at (apps/web/screenshots/, ignored by git), not to compare. */
export const shotsFolder = join(import.meta.dirname, '..', 'screenshots');
export const ensureShotsFolder = () => mkdir(shotsFolder, { recursive: true });

export const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** Every size in every colour scheme: the four looks a page is checked and shot in. */
export const EVERY_LOOK: readonly (readonly [ViewportName, 'light' | 'dark'])[] = [
  ['phone', 'light'],
  ['phone', 'dark'],
  ['desktop', 'light'],
  ['desktop', 'dark'],
];

/** A context sized as a phone (touch, 390 px) or a desktop, in the given colour scheme. */
export function contextFor(browser: Browser, size: ViewportName, colorScheme: 'light' | 'dark' = 'light'): Promise<BrowserContext> {
  const phone = size === 'phone';
  return browser.newContext({ viewport: VIEWPORTS[size], colorScheme, isMobile: phone, hasTouch: phone });
}

export type Owner = { baseUrl: string; token: string; email: string };

/** An account made over the API (POST /signup with a name), as a person who already has one. */
export async function ownerOverApi(baseUrl: string, name: string): Promise<Owner> {
  const email = uniqueEmail('polish');
  const response = await fetch(`${baseUrl}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, name }),
  });
  if (!response.ok) throw new Error(`signup: ${response.status} ${await response.text()}`);
  return { baseUrl, token: ((await response.json()) as { access_token: string }).access_token, email };
}

export async function call(owner: Owner, method: string, path: string, body?: unknown) {
  const response = await fetch(`${owner.baseUrl}/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** A message sent the way the recorder sends it (get-vocal, then upload-vocal); answers its id. */
export async function sendMessage(owner: Owner, subject: string | null): Promise<string> {
  const { id } = (await call(owner, 'GET', 'get-vocal')) as { id: string };
  const form = new FormData();
  form.set('recording', new Blob([(await makeMp3(2)) as Uint8Array<ArrayBuffer>], { type: 'audio/mpeg' }), `${id}.mp3`);
  form.set('image', new Blob([makePng() as Uint8Array<ArrayBuffer>], { type: 'image/png' }), `${id}.png`);
  form.set('context', JSON.stringify({ id, peaks: [0.2, 0.6, 0.4, 0.8, 0.5, 0.3], duration: 2, ...(subject ? { subject } : {}) }));
  const uploaded = await fetch(`${owner.baseUrl}/api/upload-vocal?id=${id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}` },
    body: form,
  });
  if (!uploaded.ok) throw new Error(`upload-vocal: ${uploaded.status} ${await uploaded.text()}`);
  return id;
}

/** How far the page reaches past the viewport's right edge (0 when nothing sticks out). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Whether the element the locator finds has the keyboard focus. */
export const isFocused = (page: Page, selector: string) => page.evaluate((css) => document.activeElement?.matches(css) ?? false, selector);

/** Axe in the page's scheme and the other one, with a screenshot of each: one page load for both. */
export async function axeAndShootBothSchemes(page: Page, scheme: 'light' | 'dark', name: string) {
  for (const each of [scheme, scheme === 'light' ? 'dark' : 'light'] as const) {
    await page.emulateMedia({ colorScheme: each });
    // The app follows the system's scheme in a render of its own: wait for it to have taken the new one.
    await page.waitForFunction(
      (wanted) => [...document.querySelectorAll('[data-vk-scheme]')].every((root) => root.getAttribute('data-vk-scheme') === wanted),
      each,
    );
    expect(await axeViolations(page), `${name} ${each}`).toEqual([]);
    await page.screenshot({ path: join(shotsFolder, `${name}-${each}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: scheme });
}

/** Each control is at least a thumb's height (44 px), as laid out. */
export async function expectThumbSized(controls: Locator[]) {
  // As settled: a box in a dialog still rising in is scaled down.
  if (controls[0]) await animationsSettled(controls[0].page());
  for (const control of controls) {
    expect((await control.boundingBox())?.height, control.toString()).toBeGreaterThanOrEqual(44);
  }
}
