import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium, the whole browser (extensions need it); CI elsewhere may point this at another Chrome. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * What launchBrowser runs: Debian's headless shell (package chromium-headless-shell) when it is
 * installed, else the browser above. It is the same Chromium build's Blink, V8 and media stack
 * without the desktop browser around them, and what Playwright itself runs for headless Chromium.
 * On the check's two cores it took about a third less CPU than the whole browser for the same
 * browser tests (decision 0069); CHROMIUM_PATH still picks one browser for everything.
 */
export const headlessChromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(DEBIAN_HEADLESS_SHELL) ? DEBIAN_HEADLESS_SHELL : chromiumPath);

/** Flags that keep Chromium quiet on a machine with no network beyond localhost and no sound card. */
export const QUIET_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  // No sound card here: Chromium would probe PulseAudio (trying to spawn a daemon) and ALSA
  // each time a page opens an audio stream before falling back to a fake output. The fake
  // output from the start still plays in real time (players reach "ended"), with no probing.
  '--disable-audio-output',
];

export type BrowserOptions = {
  /**
   * A WAV file the fake microphone plays. Without `loop` it plays once and then the input is
   * exact silence (Chromium's %noloop).
   */
  microphoneWav?: string;
  loop?: boolean;
  /**
   * Refuse the microphone instead of granting it. Runs the whole browser: the headless shell has
   * no permission prompt to refuse (getUserMedia fails with NotSupportedError, the permission
   * stays "prompt"), which no person's browser does.
   */
  denyMicrophone?: boolean;
  /**
   * The whole browser even where the headless shell would do: for tests of what the shell does
   * not keep as a browser does, such as a microphone's id across a reload (the shell gives the
   * same device a new id on each load, so a saved choice could never be found again).
   */
  wholeBrowser?: boolean;
};

/**
 * Headless Chromium with a fake microphone. Each `newContext()` is a separate, cookie-less
 * profile: a fresh anonymous visitor, like a private window.
 */
export async function launchBrowser(options: BrowserOptions = {}) {
  const args = [...QUIET_FLAGS, '--autoplay-policy=no-user-gesture-required'];
  if (!options.denyMicrophone) args.push('--use-fake-ui-for-media-stream');
  args.push('--use-fake-device-for-media-stream');
  if (options.microphoneWav) {
    args.push(`--use-file-for-fake-audio-capture=${options.microphoneWav}${options.loop ? '' : '%noloop'}`);
  }
  const executablePath = options.denyMicrophone || options.wholeBrowser ? chromiumPath : headlessChromiumPath;
  const browser: Browser = await chromium.launch({ executablePath, headless: true, args });
  return {
    browser,
    /**
     * A fresh profile. The microphone is granted up front unless `askForMicrophone` (the page
     * then meets the browser's permission state "prompt", as a first-time visitor does).
     */
    async newContext(contextOptions: Parameters<Browser['newContext']>[0] & { askForMicrophone?: boolean } = {}): Promise<BrowserContext> {
      const { askForMicrophone, ...rest } = contextOptions;
      const granted = options.denyMicrophone || askForMicrophone ? [] : ['microphone'];
      const context = await browser.newContext({ ...rest, permissions: [...granted, 'clipboard-read', 'clipboard-write'] });
      // CI runs the API suite beside the browser tests on two shared cores: Playwright's 30 s
      // default is too tight there (60 s was too, once every suite ran at once), and a wait
      // that is long only when slow costs nothing.
      context.setDefaultTimeout(120_000);
      context.setDefaultNavigationTimeout(120_000);
      return context;
    },
    close: () => browser.close(),
  };
}

/** Collects console errors and uncaught exceptions of a page, for assertions and failure output. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Signing up through the page starts with the sign-in that finds no account: its 401 is
    // the expected answer (the page then offers to create one), which Chromium logs as an error.
    if (/^Failed to load resource/.test(message.text()) && message.location().url.endsWith('/api/signin')) return;
    errors.push(`console: ${message.text()} at ${message.location().url}`);
  });
  return errors;
}

/** A throwaway folder for a test's files (WAVs, screenshots, profiles). */
export const scratchFolder = (prefix = 'vocal-e2e-') => mkdtemp(join(tmpdir(), prefix));
