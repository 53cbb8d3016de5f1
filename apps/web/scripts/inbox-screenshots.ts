/**
 * Screenshots of the inbox with a realistic mix (every source, unread ones, a transcript,
 * folders), its empty state and a search that finds nothing: light and dark, phone and
 * desktop, into apps/web/screenshots/ (ignored by git) to be looked at, not compared.
 * Run after a build: `pnpm build && tsx scripts/inbox-screenshots.ts`.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchBrowser, signUpThroughPage, startProduct } from '@vocal/e2e';
import { call, ownerMessage, seedInbox, spokenMp3, type Api } from '../e2e/inbox-seed.ts';
import { makePro, tokensOf } from '../e2e/support.ts';

const out = join(import.meta.dirname, '..', 'screenshots');
await mkdir(out, { recursive: true });
const product = await startProduct({ env: { TRUST_PROXY: 'true' } });
const browser = await launchBrowser();
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

async function account(pro: boolean) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = await signUpThroughPage(page, product.url);
  if (pro) await makePro(product.dataDir, email);
  const api: Api = { baseUrl: product.url, token: (await tokensOf(page)).accessToken };
  return { storage: await context.storageState(), api, close: () => context.close() };
}

try {
  const empty = await account(false);
  const full = await account(true);
  const spoken = await ownerMessage(full.api, { subject: 'Site visit notes', recording: await spokenMp3() });
  await seedInbox(full.api);
  await call(full.api, 'POST', 'folder', { name: 'Clients' });
  await call(full.api, 'POST', 'folder', { name: 'Team' });
  for (let attempt = 0; attempt < 240; attempt++) {
    if ((await call(full.api, 'GET', `transcription/${spoken}`)).status !== 'loading') break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  for (const scheme of ['light', 'dark'] as const) {
    for (const [name, viewport] of Object.entries(viewports)) {
      const shot = async (label: string, storage: typeof full.storage, path: string) => {
        const context = await browser.newContext({ viewport, colorScheme: scheme, storageState: storage });
        const tab = await context.newPage();
        await tab.goto(`${product.url}${path}`);
        // The first page has come: a list, or the empty state that says why there is none.
        await tab.locator('.inbox-list, .empty-state').first().waitFor();
        await tab.waitForLoadState('networkidle');
        await tab.screenshot({ path: join(out, `inbox-${label}-${scheme}-${name}.png`), fullPage: true });
        await context.close();
      };
      await shot('mix', full.storage, '/recordings');
      await shot('empty', empty.storage, '/recordings');
      await shot('no-results', full.storage, '/recordings?q=xylophone');
    }
  }
  await Promise.all([empty.close(), full.close()]);
  process.stdout.write(`Screenshots in ${out}\n`);
} finally {
  await browser.close();
  await product.stop();
}
