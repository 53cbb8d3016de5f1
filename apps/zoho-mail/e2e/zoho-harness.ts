import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { unzipSync } from 'fflate';
import type { BrowserContext, Frame, Page } from 'playwright-core';

/** Zoho's widget panel, where the extension runs (about 360 × 600 px). */
export const WIDGET_PANEL = { width: 360, height: 600 };

/** Zoho Mail's web client, whose page frames the widget. */
export const ZOHO_MAIL_ORIGIN = 'https://mail.zoho.com';
/**
 * Where Zoho serves an uploaded extension's files: its own subdomain of Zoho's user-content
 * domain. The harness serves the package there, unzipped from the server's app.zip, so the
 * widget runs from Zoho's origin as it would once uploaded, and calls our API across origins.
 */
export const WIDGET_ORIGIN = 'https://1f0a9c4e-vocal-test.zappsusercontent.com';

/** What the stand-in SDK carried to Zoho Mail: the method and its arguments, as the app passed them. */
export type ZohoCall = { method: 'init' | 'get' | 'dispatch'; args: unknown[] };

export type ZohoMailOptions = {
  /** The widget's page in the package: the widget panel's, or the compose window's attachment picker's. */
  page: 'panel' | 'attachment';
  /** The subject of the email being written; without it "currentComposeMailInfo" fails, as with no compose open. */
  subject?: string;
  /** false: the frame gets no `allow="microphone"`, so the browser refuses the widget the microphone. */
  allowMicrophone?: boolean;
  /** false: the frame may not open windows (a sandbox without allow-popups), as a pop-up blocker would. */
  popups?: boolean;
};

const SIGMA_SDK = 'https://static.zohocdn.com/sigma/client/**';

let fakeSdkScript: Promise<string> | null = null;
const fakeSdk = () => (fakeSdkScript ??= readFile(new URL('./fake-sigma-sdk.js', import.meta.url), 'utf8'));

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/** Zoho Mail's page as far as the widget sees it: a compose window, and the widget's frame. */
function harnessPage(options: ZohoMailOptions): string {
  const allow = options.allowMicrophone === false ? 'clipboard-write' : 'microphone; clipboard-write';
  const sandbox = options.popups === false ? ' sandbox="allow-scripts allow-same-origin allow-forms allow-modals"' : '';
  const config = JSON.stringify({ subject: options.subject ?? null, widgetOrigin: WIDGET_ORIGIN }).replace(/</g, '\\u003c');
  // Zoho adds its own parameters to a widget's address; the widget must not depend on them.
  const src = `${WIDGET_ORIGIN}/app/${options.page}.html?serviceOrigin=${encodeURIComponent(ZOHO_MAIL_ORIGIN)}&frameorigin=${encodeURIComponent(ZOHO_MAIL_ORIGIN)}`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Zoho Mail (test harness)</title>
  <style>
    body { margin: 0; display: flex; font: 14px sans-serif; }
    main { flex: 1; padding: 16px; }
    iframe { width: ${WIDGET_PANEL.width}px; height: ${WIDGET_PANEL.height}px; border: 0; border-left: 1px solid #ccc; }
  </style>
</head>
<body>
  <main>
    <h1>New message</h1>
    <p id="subject"></p>
    <div id="compose-body" contenteditable="true"></div>
  </main>
  <iframe title="Vocal" src="${src.replace(/&/g, '&amp;')}" allow="${allow}"${sandbox}></iframe>
  <script id="config" type="application/json">${config}</script>
  <script>
    const config = JSON.parse(document.getElementById('config').textContent);
    const frame = document.querySelector('iframe');
    const body = document.getElementById('compose-body');
    document.getElementById('subject').textContent = config.subject || '';
    window.__zohoCalls = [];
    window.addEventListener('message', (event) => {
      const data = event.data;
      if (event.source !== frame.contentWindow || event.origin !== config.widgetOrigin || !data || data.tag !== 'fake-sigma-sdk') return;
      window.__zohoCalls.push({ method: data.method, args: data.args });
      const reply = (answer) => event.source.postMessage({ tag: data.tag, id: data.id, ...answer }, event.origin);
      const [first, second] = data.args;
      if (data.method === 'init') return reply({ result: {} });
      if (data.method === 'get' && first[0] === 'currentComposeMailInfo' && config.subject !== null) {
        return reply({ result: { subject: config.subject, content: body.innerHTML, emailIds: ['paula@zylker.com'] } });
      }
      if (data.method === 'dispatch' && first === 'compose' && second && second.mode === 'insert') {
        body.insertAdjacentHTML('beforeend', second.mailData);
        return reply({ result: { status: 'success' } });
      }
      reply({ error: { message: 'The harness does not play ' + data.method } });
    });
  </script>
</body>
</html>`;
}

/**
 * Plays Zoho as it runs an uploaded extension: downloads the package this server makes
 * (`/hosts/zoho-mail/app.zip`, as an administrator uploads it to Zoho), serves its files on
 * Zoho's user-content origin, answers the SDK's request on Zoho's CDN with the stand-in (Zoho's
 * SDK is not published anywhere a test can run it: e2e/fake-sigma-sdk.js), and opens Zoho
 * Mail's page with the widget's page of the package in its frame. Nothing reaches the network:
 * every one of these origins is answered by the browser's request routing.
 */
export async function installZohoPackage(context: BrowserContext, serverUrl: string) {
  const response = await fetch(`${serverUrl}/hosts/zoho-mail/app.zip`);
  if (!response.ok) throw new Error(`The server made no Zoho package: ${response.status} ${await response.text()}`);
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  await context.route(`${WIDGET_ORIGIN}/**`, (route) => {
    const path = decodeURIComponent(new URL(route.request().url()).pathname.slice(1));
    const file = files[path];
    if (!file) return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not in the package' });
    return route.fulfill({ status: 200, contentType: CONTENT_TYPES[extname(path)] ?? 'application/octet-stream', body: Buffer.from(file) });
  });
  const sdk = await fakeSdk();
  await context.route(SIGMA_SDK, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: sdk }));
  // Public pages reaching our local server need Chromium's local-network-access permission.
  for (const origin of [ZOHO_MAIL_ORIGIN, WIDGET_ORIGIN]) {
    await context.grantPermissions(['local-network-access', 'clipboard-read', 'clipboard-write'], { origin });
  }
  return { files: Object.keys(files).sort(), file: (path: string) => files[path] };
}

let pages = 0;

/**
 * Opens Zoho Mail with the widget's page in its frame (installZohoPackage first), and resolves
 * once the widget's frame has loaded.
 */
export async function openZohoMail(context: BrowserContext, options: ZohoMailOptions) {
  const body = harnessPage(options);
  const path = `/zm/${++pages}`;
  await context.route(`${ZOHO_MAIL_ORIGIN}${path}`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body }));
  // The frame's microphone is Zoho Mail's page's, delegated (allow="microphone").
  if (options.allowMicrophone !== false) await context.grantPermissions(['microphone'], { origin: ZOHO_MAIL_ORIGIN });
  const page: Page = await context.newPage();
  await page.goto(`${ZOHO_MAIL_ORIGIN}${path}`);
  const widget = await (await page.locator('iframe').elementHandle())!.contentFrame();
  if (!widget) throw new Error('The widget frame did not load');
  return {
    page,
    widget: widget as Frame,
    /** Everything the widget asked of Zoho Mail, oldest first. */
    calls: () => page.evaluate(() => (window as unknown as { __zohoCalls: ZohoCall[] }).__zohoCalls),
    /** What the compose window's body holds now. */
    composeBody: () => page.locator('#compose-body').innerHTML(),
  };
}
