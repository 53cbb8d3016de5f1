/**
 * Screenshots of every page of the web app, driven for real: the API serving the built app,
 * system Chromium with a fake microphone. Light and dark, phone and desktop. Writes PNGs to
 * apps/web/screenshots/ (ignored by git) to be looked at, not compared.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchBrowser, signUpThroughPage, startProduct } from '@vocal/e2e';
import { makeMp3, makeSpeechWav } from '@vocal/test-fixtures';

const out = join(import.meta.dirname, '..', 'screenshots');
await mkdir(out, { recursive: true });
const wav = await makeSpeechWav('Hello! This is a short voice message to show how the product looks.', { seconds: 8 });
const product = await startProduct();
const browser = await launchBrowser({ microphoneWav: wav, loop: true });
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

try {
  // Make one account with one message, to have something to show.
  const setup = await browser.newContext();
  const page = await setup.newPage();
  await signUpThroughPage(page, product.url);
  await page.goto(`${product.url}/record`);
  await page.getByRole('button', { name: 'Start recording' }).click();
  await page.getByRole('button', { name: 'Stop recording' }).waitFor();
  await page.waitForTimeout(3000);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  const link = await page.getByRole('textbox', { name: 'Link to your message' }).inputValue();
  const storage = await setup.storageState();
  const { accessToken } = JSON.parse((await page.evaluate(() => localStorage.getItem('vocal.tokens')))!) as { accessToken: string };
  const account = (await (await fetch(`${product.url}/api/account`, { headers: { authorization: `Bearer ${accessToken}` } })).json()) as {
    inviteCode: string;
  };
  const id = link.split('/listen/')[1]!;
  // A visitor's comment, so the listen page shows the thread.
  await fetch(`${product.url}/api/comments/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bea', text: 'Thanks for the update, sounds great! I will send the numbers on Friday.' }),
  });

  // A message still coming in (its recording streams over tus): its listen page says it is arriving.
  const arriving = (await (
    await fetch(`${product.url}/api/get-vocal`, { headers: { authorization: `Bearer ${accessToken}` } })
  ).json()) as {
    id: string;
  };
  const tus = { authorization: `Bearer ${accessToken}`, 'tus-resumable': '1.0.0' };
  await fetch(`${product.url}/api/uploads`, {
    method: 'POST',
    headers: { ...tus, 'upload-defer-length': '1', 'upload-metadata': `recordingId ${Buffer.from(arriving.id).toString('base64')}` },
  });
  await fetch(`${product.url}/api/uploads/${arriving.id}`, {
    method: 'PATCH',
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: (await makeMp3(2)).subarray(0, 8192),
  });

  for (const scheme of ['light', 'dark'] as const) {
    for (const [name, viewport] of Object.entries(viewports)) {
      const shot = async (label: string, url: string, prepare?: (p: typeof page) => Promise<void>, signedIn = true) => {
        const context = await browser.newContext({ viewport, colorScheme: scheme, ...(signedIn ? { storageState: storage } : {}) });
        const tab = await context.newPage();
        await tab.goto(url);
        await tab.waitForLoadState('networkidle');
        if (prepare) await prepare(tab);
        await tab.screenshot({ path: join(out, `${label}-${scheme}-${name}.png`), fullPage: true });
        await context.close();
      };
      await shot('login', `${product.url}/login`, undefined, false);
      await shot('recordings', `${product.url}/recordings`);
      await shot('record-idle', `${product.url}/record`);
      await shot('record-recording', `${product.url}/record`, async (tab) => {
        await tab.getByRole('button', { name: 'Start recording' }).click();
        await tab.getByRole('button', { name: 'Stop recording' }).waitFor();
        await tab.waitForTimeout(1500);
      });
      await shot('record-shared', `${product.url}/record`, async (tab) => {
        await tab.getByRole('button', { name: 'Start recording' }).click();
        await tab.getByRole('button', { name: 'Stop recording' }).waitFor();
        await tab.waitForTimeout(1500);
        await tab.getByRole('button', { name: 'Stop recording' }).click();
        await tab.getByText('Your message is ready', { exact: true }).waitFor();
      });
      await shot('listen', link, undefined, false);
      await shot('listen-arriving', `${product.url}/listen/${arriving.id}`, undefined, false);
      await shot(
        'listen-replying',
        link,
        async (tab) => {
          await tab.getByRole('button', { name: 'Reply' }).click();
          await tab.getByRole('button', { name: 'Start recording' }).waitFor();
        },
        false,
      );
      await shot('embed', `${product.url}/embed/player/${id}`, undefined, false);
      await shot('contact-form', `${product.url}/contact-form/${account.inviteCode}`, undefined, false);
      await shot(
        'contact-form-write',
        `${product.url}/contact-form/${account.inviteCode}`,
        async (tab) => {
          await tab.getByRole('button', { name: 'Send a message instead' }).click();
        },
        false,
      );
      await shot('collect', `${product.url}/collect/${account.inviteCode}`, undefined, false);
      await shot('settings-form', `${product.url}/settings/form`);
      await shot('settings-email-confirmed', `${product.url}/settings?email=confirmed`);
      await shot('not-found', `${product.url}/no/such/page`, undefined, false);
    }
  }
  process.stdout.write(`Screenshots in ${out}\n`);
} finally {
  await browser.close();
  await product.stop();
}
