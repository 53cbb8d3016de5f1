import { axeViolations, launchBrowser, signUpThroughPage, watchPageErrors } from '@vocal/e2e';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedProduct, type SharedProduct } from './shared-product.ts';

let product: SharedProduct;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let storageState: BrowserContextOptions['storageState'];

/**
 * What each card must say, step by step: a phrase of each step, in order, from the host's own
 * install flow (the app's README). The downloads and addresses are checked against the server.
 */
const CARDS = [
  {
    name: 'Outlook',
    steps: ['Download the app package', 'Upload a custom app', 'Integrated apps → Upload custom apps', 'Voice message'],
  },
  {
    name: 'Microsoft Teams',
    steps: ['Download the app package', 'Upload a custom app', 'Upload new app', 'Add a tab', 'share box'],
  },
  { name: 'Zendesk', steps: ['Download the app package', 'Upload private app', 'Show a preview image', 'apps panel'] },
  { name: 'Front', steps: ['Create app', 'Name it Vocal', 'Sidebar', 'integrations sidebar'] },
  {
    name: 'Zoho Mail',
    steps: ['Download the extension package', 'Develop Extension', 'private extension', 'Integrations and Extensions', 'attachment picker'],
  },
  { name: 'Google Meet', steps: ['project number', 'CLOUD_PROJECT_NUMBER', 'HTTP deployments', 'Activities → Vocal'] },
  { name: 'Gmail in Chrome', steps: ['Download the extension', 'Load unpacked', 'Developer Dashboard', 'beside Send'] },
  { name: 'Google Docs and Gmail', steps: ['three files', 'New project', 'VOCAL_URL', 'Test deployments', 'Extensions → Vocal'] },
];

/** What each package the page offers must hold, by host app: the files its host requires. */
const PACKAGES: Record<string, string[]> = {
  outlook: ['manifest.json', 'color.png', 'outline.png'],
  'ms-teams': ['manifest.json', 'color.png', 'outline.png'],
  zendesk: ['manifest.json', 'translations/en.json', 'assets/logo.png', 'assets/logo-small.png'],
  'zoho-mail': ['plugin-manifest.json', 'app/panel.html', 'app/launch.js', 'app/img/logo.png'],
  'chrome-extension': ['manifest.json', 'content.js', 'service-worker.js', 'compose.html', 'popup.html', 'icons/icon-128.png'],
};

/** What each kind of file the page hands out must be served as. */
const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html',
  zip: 'application/zip',
  json: 'application/json',
  js: 'javascript',
};

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** An address the page gives, fetched from Node: the server listens on 127.0.0.1 only. */
const fromNode = (url: string) => fetch(url.replace('//localhost:', '//127.0.0.1:'));

beforeAll(async () => {
  product = sharedProduct();
  browser = await launchBrowser();
  const context = await browser.newContext();
  await signUpThroughPage(await context.newPage(), product.url);
  storageState = await context.storageState();
  await context.close();
});

afterAll(async () => {
  await browser?.close();
});

/** The integrations page, signed in, drawn to its last card. */
async function openIntegrations(options: BrowserContextOptions = {}): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: DESKTOP, ...options, storageState });
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.goto(`${product.url}/integrations`);
  await page.getByRole('heading', { name: 'Zoho Mail', level: 2 }).waitFor();
  return { page, errors };
}

describe('the integrations page', () => {
  it('has a card per host app, each with its numbered install steps in order', async () => {
    const { page, errors } = await openIntegrations();
    const cards = page.getByRole('article');
    expect(await cards.evaluateAll((articles) => articles.map((article) => article.querySelector('h2')?.textContent))).toEqual(
      CARDS.map((card) => card.name),
    );
    for (const { name, steps } of CARDS) {
      const items = await page.getByRole('article', { name }).getByRole('listitem').allInnerTexts();
      expect(items, name).toHaveLength(steps.length);
      steps.forEach((phrase, index) => expect(items[index], `${name}, step ${index + 1}`).toContain(phrase));
    }
    // The test's server is on plain http: the page says the hosts will not load it so.
    expect(await page.getByRole('note').innerText()).toContain(`This server answers at ${new URL(page.url()).origin}.`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('every link and address on it answers 200, and each is the file its host installs from', async () => {
    const { page } = await openIntegrations();
    const main = page.locator('main');
    const hrefs = await main.locator('a[href]').evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
    const addresses = await main.locator('input').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    const origin = new URL(page.url()).origin;
    // The jump links to the cards; the four packages; the Outlook manifest, the Front plugin page and Meet's deployment file.
    expect(hrefs.filter((href) => href.includes('#'))).toHaveLength(CARDS.length);
    expect(hrefs.filter((href) => href.endsWith('.zip'))).toEqual(
      Object.keys(PACKAGES).map((host) => `${origin}/hosts/${host}/${host === 'chrome-extension' ? 'extension' : 'app'}.zip`),
    );
    expect(addresses).toEqual([
      `${origin}/hosts/outlook/manifest.json`,
      `${origin}/hosts/front-app/sidebar.html`,
      `${origin}/hosts/google-meet/manifest.json`,
      `${origin}/hosts/google-docs/appsscript.json`,
      `${origin}/hosts/google-docs/Code.js`,
      `${origin}/hosts/google-docs/sidebar.html`,
      `${origin}/`,
    ]);

    for (const url of [...hrefs, ...addresses]) {
      const response = await fromNode(url);
      // Office loads add-ins over https only: on this plain-http test server the Outlook package is refused, saying so.
      if (url.endsWith('/hosts/outlook/app.zip') && url.startsWith('http:')) {
        expect(response.status, url).toBe(409);
        expect(((await response.json()) as { msg: string }).msg, url).toContain('Office loads an add-in’s pages only over https');
        continue;
      }
      expect(response.status, url).toBe(200);
      const path = new URL(url).pathname;
      const extension = /\.([a-z]+)$/.exec(path)?.[1] ?? 'html';
      expect(response.headers.get('content-type'), url).toContain(CONTENT_TYPES[extension]);
      const body = new Uint8Array(await response.arrayBuffer());
      const text = new TextDecoder().decode(body);
      if (extension === 'zip') {
        expect(text.slice(0, 2), url).toBe('PK');
        // A zip names its files in plain text: the package holds what its host requires.
        for (const file of PACKAGES[path.split('/')[2]!]!) expect(text, `${url} holds ${file}`).toContain(file);
      }
      // A manifest the host reads names this server, filled in as it is served.
      if (/(manifest|appsscript)\.json$/.test(path)) {
        expect(text, url).toContain(`"${origin}`);
        expect(text, url).not.toContain('%PUBLIC_URL%');
      }
    }
    await page.context().close();
  });

  it('saves each package under the name the server gives it', async () => {
    const { page } = await openIntegrations({ acceptDownloads: true });
    for (const [name, host] of [
      ['Outlook', 'outlook'],
      ['Teams', 'ms-teams'],
      ['Zendesk', 'zendesk'],
      ['Zoho Mail', 'zoho-mail'],
    ]) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: `Download the ${name} package` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`vocal-${host}.zip`);
    }
    const [extension] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the Chrome extension' }).click(),
    ]);
    expect(extension.suggestedFilename()).toBe('vocal-chrome-extension.zip');
    await page.context().close();
  });

  it('works from the keyboard alone: a jump link leads into its card, and Copy copies the address', async () => {
    const { page } = await openIntegrations({ viewport: PHONE, hasTouch: true, isMobile: true });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
    /** Presses Tab until `target` has focus; a guard fails the test rather than looping. */
    const tabTo = async (target: Locator) => {
      for (let presses = 0; !(await target.evaluate((element) => element === document.activeElement)); presses++) {
        expect(presses, 'Tab never reached it').toBeLessThan(40);
        await page.keyboard.press('Tab');
      }
    };
    // From the top of the page, along the jump links to the one for Front.
    await tabTo(page.getByRole('link', { name: 'Front', exact: true }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/#front-app$/);
    const card = page.getByRole('article', { name: 'Front' });
    expect(
      await card.getByRole('heading', { name: 'Front' }).evaluate((element) => element.getBoundingClientRect().top),
    ).toBeGreaterThanOrEqual(0);

    // The next Tab lands in that card (the browser moved its focus start there): its plugin address, then Copy.
    await page.keyboard.press('Tab');
    expect(await card.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await tabTo(card.getByRole('button', { name: 'Copy' }));
    await page.keyboard.press('Enter');
    await card.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(page.url()).origin}/hosts/front-app/sidebar.html`);
    await page.context().close();
  });

  for (const [size, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`${size}, ${colorScheme}: no axe violations, nothing wider than the screen${size === 'phone' ? ', touch targets of 44 px' : ''}`, async () => {
        const { page } = await openIntegrations({ viewport, colorScheme, isMobile: size === 'phone', hasTouch: size === 'phone' });
        expect(await axeViolations(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        if (size === 'phone') {
          const small = await page
            .locator('main')
            .locator('a, button, input')
            .evaluateAll((elements) =>
              elements.flatMap((element) => {
                const box = element.getBoundingClientRect();
                return box.height < 44 || box.width < 44
                  ? [`${element.textContent || (element as HTMLInputElement).value}: ${box.width}×${box.height}`]
                  : [];
              }),
            );
          expect(small).toEqual([]);
        }
        await page.context().close();
      });
    }
  }
});
