import { axeViolations, signUpThroughPage } from '@vocal/e2e';
import { makeMp3, makePng } from '@vocal/test-fixtures';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { apiAs, tokensOf } from './support.ts';
import { fileBrowser } from './file-browser.ts';
import { sharedProduct } from './shared-product.ts';

const product = sharedProduct();
const browser = await fileBrowser();

const RED = [220, 30, 40, 255];
const BLUE = [20, 60, 220, 255];

/**
 * A 600x300 picture, red on the left half and blue on the right: the crop decides what the
 * avatar holds (the centred square it opens on is half of each).
 */
function twoColourPicture(): Buffer {
  const png = new PNG({ width: 600, height: 300 });
  for (let y = 0; y < 300; y++) {
    for (let x = 0; x < 600; x++) png.data.set(x < 300 ? RED : BLUE, (y * 600 + x) * 4);
  }
  return PNG.sync.write(png);
}

/** An uploaded message of the page's user, made through the API as the recorder would. */
async function messageOf(page: Page): Promise<string> {
  const reserved = await apiAs(product.url, page, 'GET', 'get-vocal');
  const id = reserved.body.id as string;
  const form = new FormData();
  form.set('recording', new Blob([await makeMp3(2)], { type: 'audio/mpeg' }), 'recording.mp3');
  form.set('image', new Blob([makePng(480, 64)], { type: 'image/png' }), 'image.png');
  form.set('context', JSON.stringify({ id, duration: 2, peaks: [0.2, 0.5, 0.8, 0.5], subject: 'Profile check' }));
  const { accessToken } = await tokensOf(page);
  const uploaded = await fetch(`${product.url}/api/upload-vocal`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}` },
    body: form,
  });
  expect(uploaded.status).toBe(200);
  return id;
}

describe('the Profile page', () => {
  it('sets the name and a cropped photo that every page then shows, signed in and out', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signUpThroughPage(page, product.url);
    const messageId = await messageOf(page);

    // From the hub, its first entry.
    await page.goto(`${product.url}/settings`);
    const firstEntry = page.getByRole('listitem').first().getByRole('link');
    expect(await firstEntry.getAttribute('href')).toBe('/settings/profile');
    await firstEntry.click();
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    expect(await page.title()).toMatch(/^Profile/);
    expect(await axeViolations(page)).toEqual([]);

    // The name, with a clear Saved state.
    await page.getByLabel('Your name').fill('  Ada Lovelace ');
    await page.getByText('Unsaved changes').waitFor();
    await page.getByRole('button', { name: 'Save name' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Saved$/ })
      .waitFor();

    // Choosing no file changes nothing.
    await page.getByLabel('Photo file').setInputFiles([]);
    expect(await page.getByRole('group', { name: 'Photo crop' }).count()).toBe(0);

    // A landscape picture, cropped to its left (red) half with the keyboard alone.
    await page.getByLabel('Photo file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: twoColourPicture() });
    const crop = page.getByRole('group', { name: 'Photo crop' });
    await crop.waitFor();
    expect(await crop.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    for (let press = 0; press < 12; press++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    expect(Number(await page.getByLabel('Zoom').inputValue())).toBeCloseTo(1.21, 2);
    await page.getByRole('button', { name: 'Save photo' }).click();
    await page.getByRole('status').filter({ hasText: 'Photo saved' }).waitFor();
    // Focus goes back to where the photo was chosen, not to the top of the page.
    expect(await page.getByRole('button', { name: 'Change photo' }).evaluate((button) => button === document.activeElement)).toBe(true);

    // Stored: a 1024x1024 PNG of the red half only, as the account's avatar.
    const account = await apiAs(product.url, page, 'GET', 'account');
    expect(account.body.name).toBe('Ada Lovelace');
    const avatarUrl = account.body.avatarUrl as string;
    expect(avatarUrl).toMatch(/\/files\/images\/[0-9a-f-]+\.png$/);
    const stored = new Uint8Array(await (await fetch(avatarUrl)).arrayBuffer());
    expect([...stored.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const header = new DataView(stored.buffer, stored.byteOffset + 16, 8);
    expect([header.getUint32(0), header.getUint32(4)]).toEqual([1024, 1024]);
    const avatar = PNG.sync.read(Buffer.from(stored));
    for (const [x, y] of [
      [2, 2],
      [1021, 2],
      [512, 512],
      [1021, 1021],
    ] as const) {
      expect([...avatar.data.subarray((y * 1024 + x) * 4, (y * 1024 + x) * 4 + 4)]).toEqual(RED);
    }
    // The two calls agree.
    const settings = await apiAs(product.url, page, 'GET', 'personalisation');
    expect(settings.body.user).toEqual({ name: 'Ada Lovelace', avatarUrl });

    // The account menu shows them at once.
    const menuButton = page.locator('.account-menu__button');
    expect(await menuButton.locator('img').getAttribute('src')).toBe(avatarUrl);
    await menuButton.click();
    await page.locator('.account-menu__name', { hasText: 'Ada Lovelace' }).waitFor();
    await page.keyboard.press('Escape');

    // A listener, signed out, sees the new name and photo on the listen page.
    const listener = await browser.newContext();
    const listenPage = await listener.newPage();
    await listenPage.goto(`${product.url}/listen/${messageId}`);
    await listenPage.locator('.listen-card__name', { hasText: 'Ada Lovelace' }).waitFor();
    expect(await listenPage.locator('.listen-card__avatar').getAttribute('src')).toBe(avatarUrl);
    expect(await listenPage.locator('meta[property="og:description"]').getAttribute('content')).toMatch(/^Ada Lovelace shared this/);
    await listener.close();

    // Remove photo: back to the initials everywhere.
    await page.getByRole('button', { name: 'Remove photo' }).click();
    await page.getByRole('status').filter({ hasText: 'Photo removed' }).waitFor();
    expect(await menuButton.locator('img').count()).toBe(0);
    expect(await menuButton.textContent()).toBe('AL');
    expect((await apiAs(product.url, page, 'GET', 'account')).body.avatarUrl).toBeNull();

    // A dropped picture opens the crop too; Cancel keeps things as they were.
    const dropped = await page.evaluateHandle(
      (bytes) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], 'dropped.png', { type: 'image/png' }));
        return transfer;
      },
      [...twoColourPicture()],
    );
    await page.locator('.avatar-field').dispatchEvent('drop', { dataTransfer: dropped });
    await crop.waitFor();
    // The mouse: dragging right shows more of the left; the wheel zooms in.
    const picture = page.locator('.avatar-cropper__image');
    const leftOf = async () => Number.parseFloat((await picture.getAttribute('style'))?.match(/left: (-?[\d.]+)%/)?.[1] ?? 'NaN');
    const opening = await leftOf();
    const box = (await crop.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    expect(await leftOf()).toBeGreaterThan(opening);
    await page.mouse.wheel(0, -200);
    await expect.poll(async () => Number(await page.getByLabel('Zoom').inputValue())).toBeGreaterThan(1.2);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Upload photo' }).waitFor();
    expect(await page.getByRole('button', { name: 'Upload photo' }).evaluate((button) => button === document.activeElement)).toBe(true);
    expect((await apiAs(product.url, page, 'GET', 'account')).body.avatarUrl).toBeNull();
    await context.close();
  });

  it('an email change says a link was sent to the new address, and refuses a wrong password', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const email = await signUpThroughPage(page, product.url);
    await page.goto(`${product.url}/settings/profile`);
    await page.getByText(`Your address is ${email}.`).waitFor();
    await page.getByLabel('New email address').fill('new-address@example.com');
    await page.getByLabel('Current password').fill('not my password');
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    await page.locator('.save-bar__error').waitFor();
    await page.getByLabel('Current password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    await page.getByText('We sent a link to new-address@example.com.', { exact: false }).waitFor();
    expect((await apiAs(product.url, page, 'GET', 'account')).body.email).toBe(email);
    expect(await page.getByRole('link', { name: 'Change password' }).getAttribute('href')).toBe('/settings/account');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
