import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';

/**
 * Teams' own web origin: the harness page is served there (by the browser's request routing,
 * nothing reaches the network), so teams-js in the production build accepts it as it accepts
 * Teams, with no extra origin allowed in any build, and the server's frame-ancestors for
 * /hosts/ms-teams/ is exercised as in Teams.
 */
export const TEAMS_ORIGIN = 'https://teams.microsoft.com';

/**
 * Where the app is served to the browser: an https origin routed to the test's server.
 * Chromium's local-network-access rules refuse a public page (Teams) a frame on localhost, as
 * they would in production; a real deployment is an https origin too.
 */
export const APP_ORIGIN = 'https://vocal.test';

/** Where teams-js fetches the current list of Teams origins (answered here, as Microsoft's CDN would, with Teams' own). */
const VALID_ORIGINS_LIST = 'https://res.cdn.office.net/teams-js/validDomains/json/validDomains.json';

/** Tab sizes for screenshots and tests: a desktop personal tab, a phone, and the configuration dialog. */
export const TAB_DESKTOP = { width: 1024, height: 768 };
export const TAB_PHONE = { width: 375, height: 667 };
export const CONFIG_DIALOG = { width: 600, height: 450 };

/** One request the app made of Teams, as teams-js sent it. */
export type TeamsCall = { from: 'tab' | 'auth-window'; func: string; args: unknown[] };

export type TeamsOptions = {
  /** 'content' for a tab (the default), 'settings' for a configurable tab's configuration page. */
  frameContext?: 'content' | 'settings';
  /**
   * The person in Teams and where the tab is, in the legacy context fields Teams sends (loginHint,
   * userPrincipalName, locale, hostClientType ('web', 'android', ...), chatId for a chat tab,
   * channelId and channelName for a channel tab); teams-js maps them to app.Context's `chat.id`,
   * `channel.id`, ...
   */
  context?: Record<string, unknown>;
  /** shareWebContent answers this SDK error instead of success. */
  shareError?: { errorCode: number; message?: string };
  /** What getAuthToken answers: a Microsoft token, or the failure reason Teams gives. */
  authToken?: { token: string } | { failure: string };
};

const sdkVersion = (createRequire(import.meta.url)('@microsoft/teams-js/package.json') as { version: string }).version;
let hostScript: Promise<string> | null = null;
const teamsHost = () => (hostScript ??= readFile(new URL('./teams-host.js', import.meta.url), 'utf8'));

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

function harnessHtml(appUrl: string, options: TeamsOptions, script: string): string {
  const config = JSON.stringify({
    frameContext: options.frameContext ?? 'content',
    context: { locale: 'en-GB', theme: 'default', hostClientType: 'web', ...options.context },
    shareError: options.shareError ?? null,
    authToken: options.authToken ?? { failure: 'resourceDisabled' },
    sdkVersion,
  }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Microsoft Teams (test harness)</title>
  <style>
    html, body { margin: 0; height: 100%; } body { display: flex; flex-direction: column; }
    iframe { display: block; flex: 1; min-height: 0; width: 100%; border: 0; }
    /* Docked under the tab rather than over it, so that it hides nothing a test or a screenshot looks at. */
    #teams-share { flex: none; padding: 8px 12px; border-top: 1px solid #d1d1d1; background: #fff; color: #242424;
      font: 14px/20px system-ui, sans-serif; }
    #teams-share[hidden] { display: none; }
    #teams-share h2 { margin: 0 0 4px; font-size: 14px; } .teams-share__compose { margin: 0 0 4px; white-space: pre-wrap; }
    .teams-share__preview { display: block; overflow-wrap: anywhere; color: #4f52b2; }
  </style>
</head>
<body>
  <iframe id="teams-app" title="Vocal" src="${escapeAttribute(appUrl)}" allow="microphone; clipboard-write"></iframe>
  <section id="teams-share" aria-labelledby="teams-share-title" hidden>
    <h2 id="teams-share-title">Share to Teams</h2>
    <p class="teams-share__compose"></p>
    <a class="teams-share__preview"></a>
  </section>
  <script id="teams-config" type="application/json">${config}</script>
  <script>${script}</script>
</body>
</html>`;
}

/**
 * Routes the context's requests: the harness page on Teams' origin, the app's origin to the
 * test's server (`serverUrl`), and teams-js's list of Teams origins.
 */
export async function routeTeams(context: BrowserContext, serverUrl: string) {
  await context.route(VALID_ORIGINS_LIST, (route) =>
    route.fulfill({ json: { validOrigins: ['teams.microsoft.com', '*.teams.microsoft.com'] } }),
  );
  await context.route(`${APP_ORIGIN}/**`, async (route) => {
    const url = serverUrl + route.request().url().slice(APP_ORIGIN.length);
    try {
      // No timeout of its own: a loaded machine's server may take longer than route.fetch's 30 s
      // default, and the test's own timeout already catches a hang.
      await route.fulfill({ response: await route.fetch({ url, timeout: 0 }) });
    } catch {
      // The context closed with the request under way (a worklet the recorder preloads), or the
      // server did not answer: the page sees a failed request, which its own checks report.
      await route.abort().catch(() => undefined);
    }
  });
}

/**
 * Opens `appPath` (e.g. /hosts/ms-teams/tab.html) as Teams would: in a frame of a page on
 * Teams' origin that answers teams-js. Call routeTeams on the context first.
 */
export async function openInTeams(context: BrowserContext, appPath: string, options: TeamsOptions = {}) {
  const appUrl = APP_ORIGIN + appPath;
  const html = harnessHtml(appUrl, options, await teamsHost());
  const harnessUrl = `${TEAMS_ORIGIN}/_vocal-harness/${Math.random().toString(36).slice(2)}`;
  await context.route(harnessUrl, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
  const page: Page = await context.newPage();
  await page.goto(harnessUrl);
  const tab: FrameLocator = page.frameLocator('#teams-app');
  const calls = () => page.evaluate(() => (window as unknown as { __teamsCalls: TeamsCall[] }).__teamsCalls);
  return {
    page,
    /** The app's frame. */
    tab,
    /** The frame itself, for evaluate(). */
    frame: () => page.frame({ url: (url) => url.href.startsWith(appUrl) })!,
    calls,
    /** Teams' share box, once the app opened it: `.teams-share__compose` holds the message, `.teams-share__preview` the link. */
    shareBox: page.locator('#teams-share'),
    /** The requests named `func`, oldest first. */
    callsNamed: async (func: string) => (await calls()).filter((call) => call.func === func),
    /** The person switches Teams' theme. */
    switchTheme: (theme: 'default' | 'dark' | 'contrast') =>
      page.evaluate((next) => (window as unknown as { __teamsTheme(theme: string): void }).__teamsTheme(next), theme),
    /** Teams' Save button under a configuration page. */
    save: () => page.evaluate(() => (window as unknown as { __teamsSave(): void }).__teamsSave()),
    /** The addresses the app asked Teams to open (app.openLink), once there are `count`. */
    openedLinks: async (count: number) => {
      const opened = async () => (await calls()).filter((call) => call.func === 'executeDeepLink').map((call) => String(call.args[0]));
      for (;;) {
        const links = await opened();
        if (links.length >= count) return links;
        await page.waitForTimeout(100);
      }
    },
    /** The next window the harness (Teams) opens for authenticate(). */
    nextAuthWindow: () => page.waitForEvent('popup'),
  };
}
