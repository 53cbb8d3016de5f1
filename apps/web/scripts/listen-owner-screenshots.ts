/**
 * Screenshots of the listen page as its owner sees it (owner bar, transcript with summary,
 * Edit transcript, a reply's "In reply to") and as a visitor sees it (Share menu open, reply
 * panel open): the Light and Black presets, phone and desktop, into apps/web/screenshots/
 * (ignored by git) to be looked at, not compared. Messages are made through the API, so the
 * shots do not depend on the record flow. Run after a build: `pnpm build && tsx scripts/listen-owner-screenshots.ts`.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchBrowser, signUpThroughPage, startFakeOpenAi, startProduct, verboseJson } from '@vocal/e2e';
import { makeMp3, makePng } from '@vocal/test-fixtures';
import type { Page } from 'playwright-core';
import { makePro, tokensOf } from '../e2e/support.ts';

const out = join(import.meta.dirname, '..', 'screenshots');
await mkdir(out, { recursive: true });
const fake = await startFakeOpenAi();
fake.script(
  'transcriptions',
  {
    kind: 'answer',
    body: verboseJson(
      'Hi Sam, a quick update on the launch. The designs are signed off and the build is on track for Friday. Could you check the pricing page copy before Thursday?',
    ),
  },
  // Sam's reply: a Pro owner's replies are transcribed too.
  { kind: 'answer', body: verboseJson('Thanks Maya, I will read the pricing copy tomorrow morning.') },
);
const product = await startProduct({
  env: {
    ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    TRANSCRIBER: 'auto',
    TRANSCRIPTION_API_URL: fake.url,
    TRANSCRIPTION_API_KEY: 'sk-test',
    TRANSCRIPTION_MODEL: 'whisper-large-v3',
    SUMMARY_MODEL: 'chat-small',
  },
});
const browser = await launchBrowser();
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
const mp3 = await makeMp3(14);

async function call(token: string | null, method: string, path: string, body?: unknown) {
  const response = await fetch(`${product.url}/api/${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

function form(id: string, context: Record<string, unknown>) {
  const body = new FormData();
  body.set('recording', new Blob([mp3 as Uint8Array<ArrayBuffer>], { type: 'audio/mpeg' }), `${id}.mp3`);
  body.set('image', new Blob([makePng()], { type: 'image/png' }), `${id}.png`);
  const peaks = Array.from({ length: 120 }, (_, index) => 0.25 + 0.6 * Math.abs(Math.sin(index / 5)) * (0.6 + 0.4 * Math.sin(index / 13)));
  body.set('context', JSON.stringify({ id, duration: 14, peaks, ...context }));
  return body;
}

try {
  const setup = await browser.newContext();
  const page = await setup.newPage();
  const email = await signUpThroughPage(page, product.url);
  await makePro(product.dataDir, email);
  const token = (await tokensOf(page)).accessToken;
  const storage = await setup.storageState();
  await call(token, 'POST', 'account', { name: 'Maya Chen' });
  await call(token, 'POST', 'folder', { name: 'Launch' });

  const id = (await call(token, 'GET', 'get-vocal')).id as string;
  await fetch(`${product.url}/api/upload-vocal?id=${id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form(id, {}),
  });
  await call(token, 'POST', `edit/${id}`, { subject: 'Launch update for Sam' });
  for (;;) {
    const state = await call(token, 'GET', `transcription/${id}`);
    if (state.status !== 'loading' && state.summary !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const reserved = (await (await fetch(`${product.url}/api/get-vocal-free?target=${encodeURIComponent(`reply:${id}`)}`)).json()) as {
    id: string;
  };
  await fetch(`${product.url}/api/upload-vocal?id=${reserved.id}`, { method: 'POST', body: form(reserved.id, { name: 'Sam Patel' }) });
  for (;;) {
    if ((await call(token, 'GET', `transcription/${reserved.id}`)).status !== 'loading') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const link = `${product.url}/listen/${id}`;

  for (const [preset, theme] of [
    ['light', 0],
    ['dark', 2],
  ] as const) {
    await call(token, 'POST', 'personalisation', { listenPage: { theme } });
    for (const [name, viewport] of Object.entries(viewports)) {
      const shot = async (label: string, url: string, signedIn: boolean, prepare?: (tab: Page) => Promise<void>) => {
        const context = await browser.newContext({ viewport, ...(signedIn ? { storageState: storage } : {}) });
        const tab = await context.newPage();
        await tab.goto(url);
        await tab.waitForLoadState('networkidle');
        if (prepare) await prepare(tab);
        await tab.screenshot({ path: join(out, `${label}-${preset}-${name}.png`), fullPage: true });
        await context.close();
      };
      const ownerReady = async (tab: Page) => {
        await tab
          .getByRole('region', { name: 'Your message' })
          .getByText(/listens?$/)
          .waitFor();
      };
      await shot('listen-owner', link, true, ownerReady);
      await shot('listen-owner-editing', link, true, async (tab) => {
        await ownerReady(tab);
        await tab.getByRole('button', { name: 'Edit transcript' }).click();
        await tab.getByRole('button', { name: 'Embed' }).first().click();
      });
      await shot('listen-owner-reply', `${product.url}/listen/${reserved.id}`, true, async (tab) => {
        await tab.getByRole('link', { name: 'Launch update for Sam' }).waitFor();
      });
      await shot('listen-visitor-share', link, false, async (tab) => {
        await tab.getByRole('button', { name: 'Share' }).click();
        await tab.getByRole('menu').waitFor();
      });
      await shot('listen-visitor-reply', link, false, async (tab) => {
        await tab.getByRole('button', { name: 'Reply', exact: true }).click();
        await tab.getByRole('region', { name: 'Reply by voice' }).waitFor();
      });
    }
  }
  await setup.close();
} finally {
  await browser.close();
  await product.stop();
  await fake.close();
}
