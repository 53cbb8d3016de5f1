import { fileURLToPath } from 'node:url';
import { axeViolations, clockReaches, launchBrowser, watchPageErrors } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';
import type { BrowserContext, Page } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedProduct, type SharedProduct } from './shared-product.ts';

/**
 * The hosts' popup windows (packages/host-shell's popup protocol and the web app's
 * /record/{host} and /hosts-sign-in pages). A page on our origin plays a host's panel
 * frame with host-shell's own opener code, as /hosts/zendesk/… would run it; the windows
 * it opens are the real pages of the built app against the real API.
 */
let product: SharedProduct;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let panelScript: string;

const PASSWORD = 'correct horse battery';
const SUBJECT = 'Refund for order 1234';
const hostShell = fileURLToPath(new URL('../../../packages/host-shell/src/index.ts', import.meta.url));

/** The panel's script: host-shell's recordInPopup and signInInPopup behind two buttons, the outcome shown in #outcome. */
const PANEL_ENTRY = `
import { recordInPopup, signInInPopup } from ${JSON.stringify(hostShell)};
let held = null;
const outcome = document.getElementById('outcome');
const show = (promise) => promise.then(
  (value) => { outcome.textContent = JSON.stringify({ value, held }); },
  (error) => { outcome.textContent = JSON.stringify({ error: error.message }); },
);
window.lendTokens = (tokens) => { held = tokens; };
document.getElementById('record').addEventListener('click', () =>
  show(recordInPopup('/record/zendesk', { lend: () => ({ tokens: held, subject: ${JSON.stringify(SUBJECT)} }), adopt: (tokens) => { held = tokens; } })),
);
document.getElementById('sign-in').addEventListener('click', () =>
  show(signInInPopup('/hosts-sign-in?host=front-app&email=' + encodeURIComponent(document.getElementById('email').value))),
);
`;

/** Bundles the panel's script with Vite, as a host app's build would. */
async function bundlePanelScript(): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    root: fileURLToPath(new URL('..', import.meta.url)),
    plugins: [
      {
        name: 'panel-entry',
        resolveId: (id) => (id === 'panel-entry' ? '\0panel-entry' : undefined),
        load: (id) => (id === '\0panel-entry' ? PANEL_ENTRY : undefined),
      },
    ],
    build: { write: false, minify: false, rollupOptions: { input: 'panel-entry', output: { format: 'iife' } } },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const chunk = [output].flat()[0]!.output.find((file) => file.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('The panel script did not build');
  return chunk.code;
}

/** Opens the panel at /e2e-host-panel on our origin (answered by the test, never by the server). */
async function openPanel(context: BrowserContext): Promise<Page> {
  const url = `${product.url}/e2e-host-panel`;
  await context.route(url, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Host panel</title></head><body>
        <input id="email" aria-label="Email"><button id="record">Record in a new window</button><button id="sign-in">Sign in</button>
        <output id="outcome"></output><script>${panelScript}</script></body></html>`,
    }),
  );
  const panel = await context.newPage();
  await panel.goto(url);
  return panel;
}

/** What the panel's last window came to: the value it resolved with and the tokens the panel holds. */
async function outcomeOf(panel: Page): Promise<{ value?: unknown; held?: { accessToken: string } | null; error?: string }> {
  const outcome = panel.locator('#outcome');
  await expect.poll(() => outcome.textContent()).not.toBe('');
  return JSON.parse((await outcome.textContent())!) as { value?: unknown; held?: { accessToken: string } | null; error?: string };
}

async function signUp(email: string): Promise<{ accessToken: string; refreshToken: string }> {
  const response = await fetch(`${product.url}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`Sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { access_token: string; refresh_token: string };
  return { accessToken: body.access_token, refreshToken: body.refresh_token };
}

// The server is shared with other files: every account here is new.
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

beforeAll(async () => {
  const [wav, script] = await Promise.all([
    makeSpeechWav('This message was recorded in a window opened by the Zendesk panel.', { seconds: 6 }),
    bundlePanelScript(),
  ]);
  panelScript = script;
  product = sharedProduct();
  browser = await launchBrowser({ microphoneWav: wav, loop: true });
});

afterAll(async () => {
  await browser?.close();
});

describe('a host panel’s popup windows', () => {
  it('records in a window that borrows the panel’s session, and the share comes back to the panel', async () => {
    const tokens = await signUp(uniqueEmail('zendesk-agent'));
    const context = await browser.newContext({ viewport: { width: 360, height: 700 } });
    const panel = await openPanel(context);
    await panel.evaluate((lent) => (window as unknown as { lendTokens(tokens: unknown): void }).lendTokens(lent), tokens);

    const [window] = await Promise.all([
      panel.waitForEvent('popup'),
      panel.getByRole('button', { name: 'Record in a new window' }).click(),
    ]);
    const errors = watchPageErrors(window);
    // The address carries no token: the session came by postMessage.
    expect(window.url()).toBe(`${product.url}/record/zendesk`);
    await window.getByRole('heading', { name: 'Record your message' }).waitFor();
    expect(await window.getByLabel('Password').count()).toBe(0);
    expect(await window.title()).toContain('Recording in Zendesk');
    expect(await axeViolations(window)).toEqual([]);

    await window.getByRole('button', { name: 'Start recording' }).click();
    await clockReaches(window, 3);
    await window.getByRole('button', { name: 'Stop recording' }).click();
    await expect.poll(() => window.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(SUBJECT);
    await window.getByRole('button', { name: 'Add to reply' }).click();

    // The panel closes the window and holds the share, and a session that still works.
    await expect.poll(() => window.isClosed()).toBe(true);
    const { value, held } = await outcomeOf(panel);
    const share = value as { id: string; url: string; title: string; accent: unknown };
    expect(share.url).toBe(`${product.url}/listen/${share.id}`);
    expect(share.title).toBe(SUBJECT);
    // The link's colours crossed too: the new account's signature theme (Light), for the panel's HTML.
    expect(share.accent).toEqual({ background: '#2271E1', text: '#FFFFFF' });
    const page = (await (await fetch(`${product.url}/api/view-vocal/${share.id}`)).json()) as { audio: Record<string, unknown> };
    expect(page.audio).toMatchObject({ platform: 'zendesk', subject: SUBJECT });
    expect(Number(page.audio.duration)).toBeGreaterThanOrEqual(2);
    const account = await fetch(`${product.url}/api/account`, { headers: { authorization: `Bearer ${held!.accessToken}` } });
    expect(account.status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs the panel in through the sign-in window, and a closed window is a cancel', async () => {
    const email = uniqueEmail('front-user');
    await signUp(email);
    const context = await browser.newContext({ viewport: { width: 360, height: 700 } });
    const panel = await openPanel(context);
    await panel.getByLabel('Email').fill(email);

    // Closing the window is a cancel: the panel hears null, not an error.
    const [closing] = await Promise.all([panel.waitForEvent('popup'), panel.getByRole('button', { name: 'Sign in' }).click()]);
    await closing.getByLabel('Password').waitFor();
    await closing.close();
    expect(await outcomeOf(panel)).toEqual({ value: null, held: null });
    await panel.locator('#outcome').evaluate((element) => (element.textContent = ''));

    const [window] = await Promise.all([panel.waitForEvent('popup'), panel.getByRole('button', { name: 'Sign in' }).click()]);
    expect(window.url()).toBe(`${product.url}/hosts-sign-in?host=front-app&email=${encodeURIComponent(email)}`);
    await expect.poll(() => window.getByLabel('Email').inputValue()).toBe(email);
    expect(await axeViolations(window)).toEqual([]);
    await window.getByLabel('Password').fill(PASSWORD);
    await window.getByRole('button', { name: 'Continue' }).click();

    await expect.poll(() => window.isClosed()).toBe(true);
    const { value } = await outcomeOf(panel);
    const tokens = value as { accessToken: string; refreshToken: string };
    const account = await fetch(`${product.url}/api/account`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
    expect(((await account.json()) as { email: string }).email).toBe(email);

    // Opened on its own, the sign-in page offers no form: there is no panel to hand tokens to.
    await panel.goto(`${product.url}/hosts-sign-in?host=front-app`);
    await panel.getByRole('heading', { name: 'Sign in from your app' }).waitFor();
    expect(await panel.getByLabel('Password').count()).toBe(0);
    expect(await axeViolations(panel)).toEqual([]);
    await context.close();
  });
});
