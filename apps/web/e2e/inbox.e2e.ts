import { axeViolations, launchBrowser, startProduct, type ApiProcess } from '@vocal/e2e';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ownerMessage, seedInbox, spokenMp3, type Api } from './inbox-seed.ts';
import { makePro, signedInContext } from './support.ts';

let product: ApiProcess;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  // Transcripts come from the local engine (pocketsphinx), as in transcript.e2e.ts. The proxy
  // header is trusted so each seeded visitor has an address of its own, under the per-address limits.
  // With TEST_DATABASE_URL the server runs on that PostgreSQL database instead of PGlite.
  const database = process.env.TEST_DATABASE_URL;
  product = await startProduct({ env: { TRUST_PROXY: 'true', ...(database ? { DATABASE_URL: database } : {}) } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

type Viewport = { width: number; height: number };
const DESKTOP: Viewport = { width: 1280, height: 800 };
const PHONE: Viewport = { width: 390, height: 844 };
/** Polls give up only on a hang: a busy machine can take many seconds for a page or an answer. */
const WAIT = { timeout: 120_000 };

/**
 * A signed-up owner (Pro unless asked otherwise) with a page, signed in over the API: signing
 * up is accounts.e2e.ts's subject, not this file's.
 */
async function owner(options: { pro?: boolean; viewport?: Viewport } = {}) {
  const { context, email, accessToken } = await signedInContext(browser, product.url, { viewport: options.viewport ?? DESKTOP });
  const page = await context.newPage();
  if (options.pro !== false) await makePro(product.dataDir, email);
  const api: Api = { baseUrl: product.url, token: accessToken };
  return { context, page, api };
}

async function openInbox(page: Page, search = '') {
  await page.goto(`${product.url}/recordings${search}`);
  await page.getByRole('heading', { name: 'Recordings', level: 1 }).waitFor();
  await page.locator('.inbox-skeleton').waitFor({ state: 'detached' });
}

/** A message on the page, found by its title. */
const message = (page: Page, title: string | RegExp) => page.getByRole('article', { name: title });

const navigationLink = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Recordings/ });

describe('the inbox', () => {
  it('labels each message by where it came from, nests replies, counts unread, and a played message is read', async () => {
    const { context, page, api } = await owner();
    const seeded = await seedInbox(api);
    await openInbox(page);

    // Four arrived from others (reply, contact-form voice, written, collection): four unread.
    await expect.poll(() => navigationLink(page).textContent(), WAIT).toBe('Recordings4, 4 unread');
    await page.getByText('4 unread', { exact: true }).waitFor();

    const sent = message(page, 'Quarterly update');
    await sent.getByText('Sent', { exact: true }).waitFor();
    // The reply sits under its message, from its sender, unread.
    const thread = page.locator('.inbox-list__thread', { has: sent });
    const reply = thread.getByRole('list', { name: 'Replies (1)' }).getByRole('article');
    await reply.getByText('Reply', { exact: true }).waitFor();
    await reply.getByText('Bea Weber').waitFor();
    expect(await reply.getByRole('heading').textContent()).toMatch(/, unread$/);
    expect(await sent.getByRole('heading').textContent()).not.toMatch(/unread/);

    const contact = message(page, 'Question about pricing');
    await contact.getByText('Contact form', { exact: true }).waitFor();
    await contact.getByText('Carol Jones').waitFor();
    expect(await contact.getByRole('link', { name: seeded.contactEmail }).getAttribute('href')).toBe(`mailto:${seeded.contactEmail}`);
    // The sender is named once, not again elsewhere on the card.
    expect(await contact.getByText(seeded.contactEmail).count()).toBe(1);

    const written = message(page, /^Written message · /);
    await written.getByText('Could you call me back about the quote? Thanks!').waitFor();
    await written.getByText('Dan Okafor').waitFor();
    const collected = message(page, /^Voice message · \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}/).filter({ hasText: 'Eve Santos' });
    await collected.getByText('Collection', { exact: true }).waitFor();

    // With the message filtered away the reply stands alone and names, and links, what it answers.
    await page.getByRole('navigation', { name: 'Filter messages' }).getByRole('link', { name: 'Replies' }).click();
    const alone = page.getByRole('article').filter({ hasText: 'Bea Weber' });
    const answers = alone.getByRole('link', { name: 'Quarterly update' });
    expect(await answers.getAttribute('href')).toBe(`/listen/${seeded.sent}`);

    // Playing it here opens it: read, and the navigation count drops.
    await alone.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => navigationLink(page).textContent(), WAIT).toBe('Recordings3, 3 unread');
    expect(await alone.getByRole('heading').textContent()).not.toMatch(/unread/);
    expect(await call(api, 'GET', 'inbox/summary')).toMatchObject({ unread: 3 });

    // Mark as read from the menu, for a written message that has nothing to play.
    await page.getByRole('navigation', { name: 'Filter messages' }).getByRole('link', { name: 'Written' }).click();
    await message(page, /^Written message · /)
      .getByRole('button', { name: /^More actions for/ })
      .click();
    await page.getByRole('menuitem', { name: 'Mark as read' }).click();
    await expect.poll(() => navigationLink(page).textContent(), WAIT).toBe('Recordings2, 2 unread');
    await context.close();
  });

  it('filters by view and source, in the address, through reload and Back', async () => {
    const { context, page, api } = await owner();
    await seedInbox(api);
    await openInbox(page);
    const filters = page.getByRole('navigation', { name: 'Filter messages' });
    const titles = () => page.locator('.inbox-item__title').allTextContents();

    await filters.getByRole('link', { name: 'Sent' }).click();
    await page.waitForURL(/\?view=sent$/);
    await expect.poll(titles, WAIT).toEqual(['Quarterly update', 'Welcome to the team']);

    await filters.getByRole('link', { name: 'Contact form' }).click();
    await page.waitForURL(/\?source=contact-form$/);
    await expect.poll(titles, WAIT).toEqual(['Question about pricing, unread']);
    await page.reload();
    await expect.poll(titles, WAIT).toEqual(['Question about pricing, unread']);
    expect(await filters.getByRole('link', { name: 'Contact form' }).getAttribute('aria-current')).toBe('true');

    await filters.getByRole('link', { name: 'Received' }).click();
    await expect.poll(async () => (await titles()).length, WAIT).toBe(4);
    await page.goBack();
    await expect.poll(titles, WAIT).toEqual(['Question about pricing, unread']);
    await context.close();
  });

  it('finds a message by a word of its transcript, keeps the search in the address, and says when nothing matches', async () => {
    const { context, page, api } = await owner();
    await seedInbox(api);
    // The title does not have the word: only the transcript, made by the local engine, does.
    const spoken = await ownerMessage(api, { subject: 'Site visit notes', recording: await spokenMp3(), duration: 3 });
    await expect
      .poll(async () => (await call(api, 'GET', `transcription/${spoken}`)).status, { timeout: 240_000, interval: 500 })
      .toBe('complete');

    await openInbox(page);
    await page.getByRole('searchbox', { name: 'Search messages' }).fill('meters');
    await page.waitForURL(/\?q=meters$/);
    await expect.poll(() => page.locator('.inbox-item__title').allTextContents(), WAIT).toEqual(['Site visit notes']);
    expect((await message(page, 'Site visit notes').locator('.inbox-item__snippet').textContent())?.toLowerCase()).toContain('forward ten');

    // A sender's name is searched too.
    await page.getByRole('searchbox', { name: 'Search messages' }).fill('Carol');
    await expect.poll(() => page.locator('.inbox-item__title').allTextContents(), WAIT).toEqual(['Question about pricing, unread']);

    await page.goto(`${product.url}/recordings?q=meters`);
    expect(await page.getByRole('searchbox', { name: 'Search messages' }).inputValue()).toBe('meters');
    await expect.poll(() => page.locator('.inbox-item__title').allTextContents(), WAIT).toEqual(['Site visit notes']);

    await page.getByRole('searchbox', { name: 'Search messages' }).fill('xylophone');
    await page.getByRole('heading', { name: 'No messages match “xylophone”' }).waitFor();
    await page.getByRole('button', { name: 'Clear the search' }).click();
    await page.waitForURL(`${product.url}/recordings`);
    await expect.poll(async () => (await page.locator('.inbox-item__title').allTextContents()).length, WAIT).toBe(7);
    await context.close();
  });

  it('folders: create, move by menu and by dragging, show a folder, rename and delete it', async () => {
    const { context, page, api } = await owner();
    const seeded = await seedInbox(api);
    await openInbox(page);
    const folders = page.getByRole('navigation', { name: 'Folders' });

    await folders.getByRole('button', { name: 'New folder' }).click();
    await folders.getByRole('textbox', { name: 'Folder name' }).fill('Clients');
    await folders.getByRole('button', { name: 'Create' }).click();
    await folders.getByRole('link', { name: 'Clients' }).waitFor();

    await message(page, 'Quarterly update').getByRole('button', { name: 'More actions for Quarterly update' }).click();
    await page.getByRole('menuitem', { name: 'Clients' }).click();
    await page.getByText('Moved to Clients').waitFor();

    await message(page, 'Question about pricing').dragTo(folders.getByRole('link', { name: 'Clients' }));
    // The menu's "Moved to Clients" may still show, so the drag's move is awaited on the server.
    const clientsFolder = async () => {
      const list = (await call(api, 'GET', 'recordings')).folders as { uuid: string | null; name: string; recordings: { id: string }[] }[];
      return list.find((folder) => folder.name === 'Clients');
    };
    await expect
      .poll(async () => (await clientsFolder())?.recordings.map((recording) => recording.id).sort(), WAIT)
      .toEqual([seeded.sent, seeded.contactVoice].sort());
    const clients = await clientsFolder();

    await folders.getByRole('link', { name: 'Clients' }).click();
    await page.waitForURL(new RegExp(`\\?folder=${clients?.uuid}$`));
    await expect
      .poll(() => page.locator('.inbox-item__title').allTextContents(), WAIT)
      .toEqual(['Question about pricing, unread', 'Quarterly update']);

    await folders.getByRole('button', { name: 'Folder Clients: actions' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await folders.getByRole('textbox', { name: 'New name for Clients' }).fill('Customers');
    await folders.getByRole('button', { name: 'Save' }).click();
    await folders.getByRole('link', { name: 'Customers' }).waitFor();

    await folders.getByRole('button', { name: 'Folder Customers: actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete folder' }).click();
    await page.waitForURL(`${product.url}/recordings`);
    // Its messages are kept, outside any folder.
    await expect.poll(async () => (await page.locator('.inbox-item__title').allTextContents()).length, WAIT).toBe(6);
    expect(((await call(api, 'GET', 'recordings')).folders as unknown[]).length).toBe(1);
    await context.close();
  });

  it('on Free, folders are an upgrade hint, not a dead button', async () => {
    const { context, page, api } = await owner({ pro: false });
    await ownerMessage(api, { subject: 'Hello' });
    await openInbox(page);
    const folders = page.getByRole('navigation', { name: 'Folders' });
    await folders.getByText('Sort messages into folders with Pro.').waitFor();
    expect(await folders.getByRole('link', { name: 'See Pro' }).getAttribute('href')).toBe('/upgrade');
    expect(await folders.getByRole('button', { name: 'New folder' }).count()).toBe(0);
    await message(page, 'Hello').getByRole('button', { name: 'More actions for Hello' }).click();
    // No "Move to folder" on Free; Analytics stays, and its page explains Pro (analytics.e2e.ts).
    expect(await page.getByRole('menuitem').allTextContents()).toEqual([
      'Copy link',
      'Rename',
      'Download',
      'Expiry…',
      'Privacy…',
      'Analytics',
      'Delete',
    ]);
    await context.close();
  });

  it('renames in place with the keyboard alone: Enter saves, Escape cancels', async () => {
    const { context, page, api } = await owner();
    const id = await ownerMessage(api, {});
    await openInbox(page);
    const item = message(page, /^Voice message · /);
    const more = item.getByRole('button', { name: /^More actions for Voice message/ });
    await more.focus();
    await page.keyboard.press('Enter');
    // The first action has focus; arrows move.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent), WAIT).toBe('Copy link');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const field = page.getByRole('textbox', { name: 'Title of this message' });
    await expect.poll(() => field.evaluate((element) => element === document.activeElement), WAIT).toBe(true);
    await page.keyboard.type('Never saved');
    await page.keyboard.press('Escape');
    await field.waitFor({ state: 'detached' });
    await item.getByRole('heading', { name: /^Voice message · / }).waitFor();

    await more.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Call notes');
    await page.keyboard.press('Enter');
    await message(page, 'Call notes').waitFor();
    const storedSubject = async () =>
      ((await call(api, 'GET', 'audio')).audios as { id: string; subject: string | null }[]).find((audio) => audio.id === id)?.subject;
    await expect.poll(storedSubject, { timeout: 120_000 }).toBe('Call notes');
    await context.close();
  });

  it('deletes with undo: Undo brings it back and it stays; without Undo it is gone from the server', async () => {
    const { context, page, api } = await owner();
    await page.clock.install();
    const keep = await ownerMessage(api, { subject: 'Keep me' });
    const lose = await ownerMessage(api, { subject: 'Lose me' });
    await openInbox(page);
    const ids = async () => ((await call(api, 'GET', 'audio')).audios as { id: string }[]).map((audio) => audio.id);

    await message(page, 'Keep me').getByRole('button', { name: 'More actions for Keep me' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await message(page, 'Keep me').waitFor({ state: 'detached' });
    // Focus is on Undo, so the keyboard takes it back.
    const undo = page.getByRole('button', { name: 'Undo' });
    await expect.poll(() => undo.evaluate((element) => element === document.activeElement), WAIT).toBe(true);
    await page.keyboard.press('Enter');
    await message(page, 'Keep me').waitFor();
    await page.clock.runFor(11_000);

    await message(page, 'Lose me').getByRole('button', { name: 'More actions for Lose me' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await message(page, 'Lose me').waitFor({ state: 'detached' });
    expect(await ids()).toContain(lose);
    // The undo time runs out: the delete is sent.
    await page.clock.runFor(11_000);
    await expect.poll(ids, WAIT).toEqual([keep]);
    await undo.waitFor({ state: 'detached' });

    // Leaving the page within the undo time still deletes.
    const third = await ownerMessage(api, { subject: 'Leave me' });
    await openInbox(page);
    await message(page, 'Leave me').getByRole('button', { name: 'More actions for Leave me' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await expect.poll(ids, WAIT).toEqual([keep]);
    expect(await ids()).not.toContain(third);
    await context.close();
  });

  it('works on a phone: cards, no sideways scrolling, touch targets of 44 px, folders folded away', async () => {
    const { context, page, api } = await owner({ viewport: PHONE });
    await seedInbox(api);
    await openInbox(page);
    await message(page, 'Quarterly update').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

    const small = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.inbox-page button, .inbox-page input, .inbox-page summary, .inbox-filters__link')]
        .filter((element) => element.offsetParent !== null && !element.closest('.vk-visually-hidden'))
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width < 44 || box.height < 44)
        .map(({ element, box }) => `${element.outerHTML.slice(0, 80)} ${box.width}x${box.height}`),
    );
    expect(small).toEqual([]);

    const folders = page.getByRole('navigation', { name: 'Folders' });
    expect(await folders.getByRole('link', { name: 'Not in a folder' }).isVisible()).toBe(false);
    await folders.getByText('Folder', { exact: true }).click();
    await folders.getByRole('link', { name: 'Not in a folder' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('has no axe violations, light or dark, with messages, with none, and with a search that finds nothing', async () => {
    const { context, page, api } = await owner();
    await openInbox(page);
    await page.getByRole('heading', { name: 'No messages yet' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await seedInbox(api);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await openInbox(page);
      await message(page, 'Quarterly update').waitFor();
      expect(await axeViolations(page), colorScheme).toEqual([]);
    }
    await openInbox(page, '?q=xylophone');
    await page.getByRole('heading', { name: 'No messages match “xylophone”' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('pages through many messages with Load more, without repeating one', async () => {
    const { context, page, api } = await owner();
    for (let index = 0; index < 35; index++) await ownerMessage(api, { subject: `Message ${String(index).padStart(2, '0')}` });
    await page.setViewportSize({ width: 1280, height: 400 });
    await openInbox(page);
    const load = page.getByRole('button', { name: 'Load more messages' });
    await load.focus();
    await page.keyboard.press('Enter');
    await page.getByText('That is every message.').waitFor();
    const titles = await page.locator('.inbox-item__title').allTextContents();
    expect(titles).toHaveLength(35);
    expect(new Set(titles).size).toBe(35);
    expect(titles[0]).toBe('Message 34');
    await context.close();
  });
});
