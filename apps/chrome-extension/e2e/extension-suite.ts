import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { QUIET_FLAGS, chromiumPath, launchBrowser, scratchFolder, startHostProduct } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';

const fixture = join(import.meta.dirname, '..', 'src', 'gmail', 'fixtures', 'gmail-compose.html');

/** Chromium's flags for a profile with our extension and a fake microphone (HOSTS.md: seen to work headless). */
function extensionArgs(extension: string, wav: string, microphone: 'allow' | 'deny') {
  return [
    '--headless=new',
    `--disable-extensions-except=${extension}`,
    `--load-extension=${extension}`,
    ...(microphone === 'allow' ? ['--use-fake-ui-for-media-stream'] : []),
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wav}`,
    '--autoplay-policy=no-user-gesture-required',
    ...QUIET_FLAGS,
  ];
}

/** The extension as a person installs it: the server's extension.zip, unzipped (pointed at this server). */
async function unpackFromServer(serverUrl: string): Promise<string> {
  const response = await fetch(`${serverUrl}/hosts/chrome-extension/extension.zip`);
  if (!response.ok) throw new Error(`extension.zip answered ${response.status}: ${await response.text()}`);
  const folder = await scratchFolder('vocal-extension-');
  for (const [path, bytes] of Object.entries(unzipSync(new Uint8Array(await response.arrayBuffer())))) {
    await mkdir(dirname(join(folder, path)), { recursive: true });
    await writeFile(join(folder, path), bytes);
  }
  return folder;
}

export type ExtensionProfile = {
  context: BrowserContext;
  extensionId: string;
  serviceWorker: Worker;
  /** A page of the extension (popup.html, permission.html), opened in a tab as a test can. */
  openExtensionPage(path: string, viewport?: { width: number; height: number }): Promise<Page>;
  /** A tab on Gmail (our fixture at https://mail.google.com/mail/u/0/). */
  openGmail(): Promise<Page>;
  close(): Promise<void>;
};

/** A Chromium profile with the extension loaded and Gmail served from the fixture. */
async function openProfile(
  extension: string,
  wav: string,
  microphone: 'allow' | 'deny',
  colorScheme: 'light' | 'dark' = 'light',
): Promise<ExtensionProfile> {
  const userDataDir = await scratchFolder('vocal-profile-');
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    // Headless through --headless=new (the full browser, which runs extensions), not Playwright's shell.
    headless: false,
    args: extensionArgs(extension, wav, microphone),
    viewport: { width: 1280, height: 800 },
    colorScheme,
  });
  context.setDefaultTimeout(120_000);
  context.setDefaultNavigationTimeout(120_000);
  const page = await readFile(fixture, 'utf8');
  await context.route('https://mail.google.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: page }),
  );
  const serviceWorker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(serviceWorker.url()).host;
  return {
    context,
    extensionId,
    serviceWorker,
    async openExtensionPage(path, viewport) {
      const tab = await context.newPage();
      if (viewport) await tab.setViewportSize(viewport);
      await tab.goto(`chrome-extension://${extensionId}/${path}`);
      return tab;
    },
    async openGmail() {
      const tab = await context.newPage();
      await tab.goto('https://mail.google.com/mail/u/0/#inbox?compose=new');
      return tab;
    },
    close: () => context.close(),
  };
}

/**
 * What this app's browser tests run on: the real API serving the web app and the extension's
 * build (turbo builds both first), the extension unzipped from the server's own package, and a
 * fake microphone speaking `speech`. Profiles are opened per test (an extension needs a
 * persistent profile of its own); a plain browser plays the part of the stranger.
 */
export async function startExtensionSuite(speech: string) {
  const wav = await makeSpeechWav(speech, { seconds: 10 });
  const product = await startHostProduct();
  const extension = await unpackFromServer(product.url);
  const strangers = await launchBrowser();
  const profiles: ExtensionProfile[] = [];
  return {
    product,
    extension,
    strangers,
    async openProfile(options: { microphone?: 'allow' | 'deny'; colorScheme?: 'light' | 'dark' } = {}) {
      const profile = await openProfile(extension, wav, options.microphone ?? 'allow', options.colorScheme);
      profiles.push(profile);
      return profile;
    },
    async stop() {
      for (const profile of profiles) await profile.close().catch(() => undefined);
      await strangers.close();
      await product.stop();
    },
  };
}

export type ExtensionSuite = Awaited<ReturnType<typeof startExtensionSuite>>;
