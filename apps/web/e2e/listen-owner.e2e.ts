import { axeViolations, launchBrowser, startFakeOpenAi, startProduct, verboseJson, watchPageErrors, type ApiProcess } from '@vocal/e2e';
import { makeMp3, makePng } from '@vocal/test-fixtures';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePro, signedInContext } from './support.ts';

/**
 * The owner's view of their own listen page (owner bar, transcript edit), against the visitor's
 * view of the same page, and the page's keyboard paths: the Share menu, the reply panel and the
 * Play button's arrows. Messages are made through the API as the recorder sends them, so these
 * tests do not depend on the record flow.
 */
let product: ApiProcess;
let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let twelveSeconds: Uint8Array;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

beforeAll(async () => {
  fake = await startFakeOpenAi();
  product = await startProduct({
    env: {
      // WEB_DIST lets a test run use a build of its own (the default is apps/web/dist).
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
      TRANSCRIBER: 'auto',
      TRANSCRIPTION_API_URL: fake.url,
      TRANSCRIPTION_API_KEY: 'sk-test',
      TRANSCRIPTION_MODEL: 'whisper-large-v3',
    },
  });
  browser = await launchBrowser();
  twelveSeconds = await makeMp3(12);
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await fake?.close();
});

type Sentence = { text: string; start: number; end: number };
type Body = Record<string, unknown> & {
  id?: string;
  uuid?: string;
  status?: string;
  audio?: { transcription: { sentences: Sentence[] }[] };
  folders?: { uuid: string | null; recordings: { id: string }[] }[];
};

async function api(token: string | null, method: string, path: string, body?: unknown) {
  const response = await fetch(`${product.url}/api/${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Body };
}

function uploadForm(id: string, context: Record<string, unknown>) {
  const form = new FormData();
  form.set('recording', new Blob([twelveSeconds as Uint8Array<ArrayBuffer>], { type: 'audio/mpeg' }), `${id}.mp3`);
  form.set('image', new Blob([makePng()], { type: 'image/png' }), `${id}.png`);
  form.set('context', JSON.stringify({ id, duration: 12, peaks: [0.2, 0.5, 0.9, 0.6, 0.3, 0.7, 0.4], ...context }));
  return form;
}

/** The owner sends a message, as the recorder does; answers its id. */
async function ownerMessage(token: string, subject?: string) {
  const id = (await api(token, 'GET', 'get-vocal')).body.id as string;
  const uploaded = await fetch(`${product.url}/api/upload-vocal?id=${id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: uploadForm(id, {}),
  });
  expect(uploaded.status).toBe(200);
  if (subject) expect((await api(token, 'POST', `edit/${id}`, { subject })).status).toBe(200);
  return id;
}

/** A visitor's voice reply to a message, with no account. */
async function visitorReply(messageId: string, name: string) {
  const reserved = await fetch(`${product.url}/api/get-vocal-free?target=${encodeURIComponent(`reply:${messageId}`)}`);
  const id = ((await reserved.json()) as { id: string }).id;
  const uploaded = await fetch(`${product.url}/api/upload-vocal?id=${id}`, { method: 'POST', body: uploadForm(id, { name }) });
  expect(uploaded.status).toBe(200);
  return id;
}

type Owner = { context: BrowserContext; page: Page; email: string; token: string };

/** An owner signed up over the API (sign-up is accounts.e2e.ts's subject), with a page. */
async function signedInOwner(options: { pro: boolean; viewport?: { width: number; height: number } }): Promise<Owner> {
  const { context, email, accessToken } = await signedInContext(browser, product.url, { viewport: options.viewport ?? DESKTOP });
  const page = await context.newPage();
  if (options.pro) await makePro(product.dataDir, email);
  return { context, page, email, token: accessToken };
}

async function settledTranscript(token: string, id: string) {
  for (;;) {
    const state = await api(token, 'GET', `transcription/${id}`);
    if (state.body.status !== 'loading') return state.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const ownerBar = (page: Page) => page.getByRole('region', { name: 'Your message' });
/** The focused control's words (a Button's visible layer, not its hidden busy label). */
const focusedText = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement;
    return (focused?.querySelector('.vk-button__content')?.textContent ?? focused?.textContent ?? '').trim();
  });
const waitForFocusOn = (page: Page, text: string) =>
  page
    .waitForFunction(
      (expected) => {
        const focused = document.activeElement;
        return (focused?.querySelector('.vk-button__content')?.textContent ?? focused?.textContent ?? '').trim() === expected;
      },
      text,
      { timeout: 90_000 },
    )
    .catch(async (error: unknown) => {
      throw new Error(`focus is on "${await focusedText(page)}", not "${text}": ${String(error)}`);
    });
/** The player's handle reads its position after React's effects: one frame after the text shows it. */
const nextFrame = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));

describe("the owner's view of a message", () => {
  it("titles a visitor's reply from words the engine was sure of; an unsure transcript and the owner's own message keep the date title", async () => {
    const owner = await signedInOwner({ pro: true });
    const errors = watchPageErrors(owner.page);
    fake.reset();
    fake.script('transcriptions', { kind: 'answer', body: verboseJson('Happy to help with the move. Call me tomorrow.') });
    const own = await ownerMessage(owner.token);
    expect((await settledTranscript(owner.token, own)).status).toBe('complete');
    fake.script('transcriptions', { kind: 'answer', body: verboseJson('Can we move the call to Thursday afternoon? Thanks.') });
    const sure = await visitorReply(own, 'Sam Sure');
    expect((await settledTranscript(owner.token, sure)).status).toBe('complete');
    // The model guessed: e^-1.2 is 0.30 per token, under the 0.7 a title needs.
    const guessed = verboseJson('Ah ah this is our shot. Did you get it?');
    guessed.segments[0]!.avg_logprob = -1.2;
    fake.script('transcriptions', { kind: 'answer', body: guessed });
    const unsure = await visitorReply(own, 'Una Unsure');
    expect((await settledTranscript(owner.token, unsure)).status).toBe('complete');

    const { page } = owner;
    await page.goto(`${product.url}/recordings`);
    const titleOf = (id: string) => page.locator(`[data-message-id="${id}"] .inbox-item__title`);
    await expect.poll(() => titleOf(sure).innerText()).toMatch(/^Can we move the call to Thursday afternoon/);
    expect(await titleOf(unsure).innerText()).toMatch(/^Voice message · /);
    expect(await titleOf(own).innerText()).toMatch(/^Voice message · /);
    // The words are still there to read and search, whatever the title.
    await page.goto(`${product.url}/listen/${unsure}`);
    await page.getByRole('region', { name: 'Transcript' }).getByText('Ah ah this is our shot.').waitFor();
    expect(errors).toEqual([]);
    await owner.context.close();
  });

  it('shows the owner bar and no visitor parts; rename, copy link, embed, move, transcript edit and delete work', async () => {
    const owner = await signedInOwner({ pro: true });
    await owner.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
    const errors = watchPageErrors(owner.page);
    fake.reset();
    fake.script('transcriptions', { kind: 'answer', body: verboseJson('Go forward ten meters. Then stop.') });
    const id = await ownerMessage(owner.token, 'Plan for Monday');
    expect((await settledTranscript(owner.token, id)).status).toBe('complete');
    const before = (await api(null, 'GET', `view-vocal/${id}`)).body.audio!.transcription;
    const folder = await api(owner.token, 'POST', 'folder', { name: 'Clients' });
    expect(folder.status).toBe(201);
    const url = `${product.url}/listen/${id}`;

    const { page } = owner;
    await page.goto(url);
    const bar = ownerBar(page);
    await bar.getByText(/^You sent this on /).waitFor();
    await bar.getByText(/^0 listens$/).waitFor();
    // Visitor-only parts are absent for the owner.
    expect(await page.getByRole('complementary', { name: 'Call to action' }).count()).toBe(0);
    expect(await page.getByText('shared this voice message with you').count()).toBe(0);
    expect(await page.getByText(/Sent with/).count()).toBe(0);
    expect(await page.getByLabel('Your name').count()).toBe(0);
    await page.getByRole('region', { name: 'Transcript' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Rename inline: the page's title follows, and so does a reload.
    await bar.getByRole('button', { name: 'Rename' }).click();
    const titleField = bar.getByRole('textbox', { name: 'Title' });
    expect(await titleField.inputValue()).toBe('Plan for Monday');
    await titleField.fill('Plan for Tuesday');
    await bar.getByRole('button', { name: 'Save title' }).click();
    await page.getByRole('heading', { level: 1, name: 'Plan for Tuesday' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Plan for Tuesday' }).waitFor();

    // Copy link puts the page's address on the clipboard.
    await bar.getByRole('button', { name: 'Copy link' }).click();
    await bar.getByRole('button', { name: 'Link copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // Embed: the iframe code for the embed player, and the link oEmbed sites expand.
    await bar.getByRole('button', { name: 'Embed' }).click();
    const code = await bar.getByRole('textbox', { name: /^Embed code/ }).inputValue();
    expect(code).toMatch(new RegExp(`^<iframe src="${product.url}/embed/player/${id}" width="560" height="160" title="Plan for Tuesday"`));
    expect(await bar.getByRole('textbox', { name: /^oEmbed link/ }).inputValue()).toBe(url);
    const player = await fetch(`${product.url}/embed/player/${id}`);
    expect(player.status).toBe(200);
    const oembed = await api(null, 'GET', `oembed?url=${encodeURIComponent(url)}&format=json`);
    expect(oembed.status).toBe(200);

    // Move to the folder.
    await bar.getByRole('combobox', { name: 'Folder' }).selectOption({ label: 'Clients' });
    await bar.getByRole('button', { name: 'Move' }).click();
    await bar.getByText('Moved to Clients').waitFor();
    const folders = (await api(owner.token, 'GET', 'recordings')).body.folders!;
    expect(folders.find((entry) => entry.uuid === folder.body.uuid)?.recordings.map((recording) => recording.id)).toEqual([id]);

    // Edit transcript: the words change, the timings stay, the page shows the new words after a reload.
    await page.getByRole('button', { name: 'Edit transcript' }).click();
    const editor = page.getByRole('form', { name: 'Edit transcript' });
    expect(await editor.getByRole('textbox', { name: 'Sentence 1' }).inputValue()).toBe('Go forward ten meters.');
    await editor.getByRole('textbox', { name: 'Sentence 1' }).fill('Go forward twelve metres.');
    await editor.getByRole('textbox', { name: 'Sentence 2' }).fill('Then stop, please.');
    await editor.getByRole('button', { name: 'Save transcript' }).click();
    const transcript = page.getByRole('region', { name: 'Transcript' });
    await transcript.getByText('Go forward twelve metres.').waitFor();
    await page.reload();
    await transcript.getByText('Then stop, please.').waitFor();
    const after = (await api(null, 'GET', `view-vocal/${id}`)).body.audio!.transcription;
    const timings = (transcription: { sentences: Sentence[] }[]) =>
      transcription[0]!.sentences.map((sentence) => [sentence.start, sentence.end]);
    expect(timings(after)).toEqual(timings(before));
    // The timings still drive the read-along: choosing the second sentence seeks there and lights it.
    const second = transcript.getByRole('button', { name: /^Then stop, please\./ });
    await second.click();
    await page.waitForFunction(
      () => document.querySelector('.vk-transcript__sentence[aria-current="true"]')?.textContent === 'Then stop, please.',
    );

    expect(errors).toEqual([]);

    // Delete, after the confirmation: back to the recordings, and the link leads nowhere.
    await bar.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this voice message?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(`${product.url}/recordings`);
    expect((await api(null, 'GET', `view-vocal/${id}`)).status).toBe(404);
    await owner.context.close();
  });

  it('tells a Free owner that transcripts come with Pro, where the transcript would be; a visitor reads nothing about it', async () => {
    const owner = await signedInOwner({ pro: false, viewport: PHONE });
    const id = await ownerMessage(owner.token);
    await owner.page.goto(`${product.url}/listen/${id}`);
    await ownerBar(owner.page).waitFor();
    await owner.page.getByText('Transcripts come with Pro.').waitFor();
    // Folders are Pro: a Free owner gets no Move that could only fail.
    expect(await ownerBar(owner.page).getByRole('combobox', { name: 'Folder' }).count()).toBe(0);
    // An untitled message is called by its date.
    await owner.page.getByRole('heading', { level: 1, name: /^Voice message · \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}$/ }).waitFor();
    expect(await axeViolations(owner.page)).toEqual([]);

    const visitor = await browser.newContext({ viewport: PHONE });
    const page = await visitor.newPage();
    await page.goto(`${product.url}/listen/${id}`);
    await page.getByText('shared this voice message with you').waitFor();
    // Free: no call to action block, the one "Sent with Vocal" line instead.
    await page.getByText('Sent with Vocal').waitFor();
    expect(await page.getByRole('complementary', { name: 'Call to action' }).count()).toBe(0);
    expect(await page.getByText(/transcript/i).count()).toBe(0);
    expect(await ownerBar(page).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await visitor.close();
    await owner.context.close();
  });

  it('links a reply back to the message it answers', async () => {
    const owner = await signedInOwner({ pro: false });
    const id = await ownerMessage(owner.token, 'Offer for Ada');
    const reply = await visitorReply(id, 'Ada Lovelace');
    await owner.page.goto(`${product.url}/listen/${reply}`);
    const bar = ownerBar(owner.page);
    await bar.getByText(/^Ada Lovelace sent you this on /).waitFor();
    const back = bar.getByRole('link', { name: 'Offer for Ada' });
    await back.waitFor();
    await back.click();
    await owner.page.waitForURL(`${product.url}/listen/${id}`);
    await owner.page.getByRole('heading', { level: 1, name: 'Offer for Ada' }).waitFor();
    await owner.context.close();
  });
});

describe("the listen page's keyboard paths", () => {
  let id: string;
  beforeAll(async () => {
    const owner = await signedInOwner({ pro: false });
    id = await ownerMessage(owner.token, 'Keyboard walk');
    await owner.context.close();
  });

  it('the Share menu takes arrows, Home and End; Esc closes it and gives focus back; Embed opens the codes', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${product.url}/listen/${id}`);
      expect(await ownerBar(page).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      const share = page.getByRole('button', { name: 'Share' });
      await share.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: 'Share this voice message' });
      await menu.waitFor();
      await waitForFocusOn(page, 'X');
      await page.keyboard.press('ArrowDown');
      expect(await focusedText(page)).toBe('LinkedIn');
      await page.keyboard.press('End');
      expect(await focusedText(page)).toBe('Embed');
      await page.keyboard.press('ArrowDown');
      expect(await focusedText(page)).toBe('X');
      await page.keyboard.press('ArrowUp');
      expect(await focusedText(page)).toBe('Embed');
      await page.keyboard.press('Home');
      expect(await focusedText(page)).toBe('X');
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      await waitForFocusOn(page, 'Share');

      // Embed, from the keyboard: the dialog has the iframe code; closing it gives focus back.
      await page.keyboard.press('ArrowDown');
      await menu.waitFor();
      // The menu moves focus into itself once it has rendered; keys pressed before that go to the button.
      await waitForFocusOn(page, 'X');
      await page.keyboard.press('End');
      expect(await focusedText(page)).toBe('Embed');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Embed this voice message' });
      expect(await dialog.getByRole('textbox', { name: /^Embed code/ }).inputValue()).toContain(`/embed/player/${id}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await waitForFocusOn(page, 'Share');
      await context.close();
    }
  });

  it('the reply panel: opened from the keyboard, focus moves in; Esc and Cancel close it and focus returns to Reply', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${product.url}/listen/${id}`);
    const reply = page.getByRole('button', { name: 'Reply', exact: true });
    await reply.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Reply by voice' });
    await panel.waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('.reply-panel') !== null);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent)).toMatch(/^Your name/);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await waitForFocusOn(page, 'Reply');

    await page.keyboard.press('Enter');
    await panel.waitFor();
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await panel.waitFor({ state: 'detached' });
    await waitForFocusOn(page, 'Reply');
    await context.close();
  });

  it('← and → skip five seconds while the Play button has focus, as the hint says', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${product.url}/listen/${id}`);
    await page.getByText('Space plays or pauses · ← → skip 5 s').waitFor();
    const position = page.locator('.listen-card .vk-player__position');
    await page.getByRole('button', { name: 'Play' }).first().focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('.listen-card .vk-player__position')?.textContent === '0:05');
    await nextFrame(page);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('.listen-card .vk-player__position')?.textContent === '0:10');
    await nextFrame(page);
    await page.keyboard.press('ArrowLeft');
    await page
      .waitForFunction(() => document.querySelector('.listen-card .vk-player__position')?.textContent === '0:05', undefined, {
        timeout: 120_000,
      })
      .catch(async (error: unknown) => {
        throw new Error(`position ${await position.textContent()}: ${String(error)}`);
      });
    expect(await position.textContent()).toBe('0:05');
    // Focus stayed on the Play button: the arrows did not move it elsewhere.
    expect(await page.evaluate(() => document.activeElement?.classList.contains('vk-player__play'))).toBe(true);
    await context.close();
  });
});
