import { readFile } from 'node:fs/promises';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { serveHarnessPages } from '@vocal/e2e';

/** Zoho's widget panel, where the extension runs (about 360 × 600 px). */
export const WIDGET_PANEL = { width: 360, height: 600 };

/** What the fake SDK carried to Zoho Mail: the method and its arguments, as the app passed them. */
export type ZohoCall = { method: 'init' | 'get' | 'dispatch'; args: unknown[] };

export type ZohoMailOptions = {
  /** The widget page, as the launcher sends the frame there (with `?location=`). */
  widgetUrl: string;
  /** The subject of the email being written; without it "currentComposeMailInfo" fails, as with no compose open. */
  subject?: string;
  /** false: the frame gets no `allow="microphone"`, so the browser refuses the widget the microphone. */
  allowMicrophone?: boolean;
};

const SIGMA_SDK = 'https://static.zohocdn.com/sigma/client/**';

let fakeSdkScript: Promise<string> | null = null;
const fakeSdk = () => (fakeSdkScript ??= readFile(new URL('./fake-sigma-sdk.js', import.meta.url), 'utf8'));

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Zoho Mail's page as far as the widget sees it: a compose window, and the widget panel's frame. */
function harnessPage(options: ZohoMailOptions): string {
  const allow = options.allowMicrophone === false ? 'clipboard-write' : 'microphone; clipboard-write';
  const config = JSON.stringify({ subject: options.subject ?? null }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Zoho Mail (test harness)</title>
  <style>
    body { margin: 0; display: flex; font: 14px sans-serif; }
    main { flex: 1; padding: 16px; }
    iframe { width: 360px; height: 600px; border: 0; border-left: 1px solid #ccc; }
  </style>
</head>
<body>
  <main>
    <h1>New message</h1>
    <p id="subject"></p>
    <div id="compose-body" contenteditable="true"></div>
  </main>
  <iframe title="Vocal" src="${escapeAttribute(options.widgetUrl)}" allow="${allow}"></iframe>
  <script id="config" type="application/json">${config}</script>
  <script>
    const config = JSON.parse(document.getElementById('config').textContent);
    const frame = document.querySelector('iframe');
    const body = document.getElementById('compose-body');
    document.getElementById('subject').textContent = config.subject || '';
    window.__zohoCalls = [];
    window.addEventListener('message', (event) => {
      const data = event.data;
      if (event.source !== frame.contentWindow || !data || data.tag !== 'fake-sigma-sdk') return;
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
 * Serves the harness on 127.0.0.1 (another origin than the product's localhost, and a local
 * one: Chromium lets no public origin frame localhost). One server per test file; each page
 * asks for its own options by query.
 */
export async function startZohoHarness() {
  const pages = new Map<string, ZohoMailOptions>();
  const { origin, stop } = await serveHarnessPages((path) => {
    const options = pages.get(path);
    return options && harnessPage(options);
  });

  return {
    origin,
    /**
     * Opens Zoho Mail with the widget in its panel, the SDK answered by the fake, and resolves
     * once the widget's frame has loaded.
     */
    async openZohoMail(context: BrowserContext, options: ZohoMailOptions) {
      const body = await fakeSdk();
      await context.route(SIGMA_SDK, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body }));
      const path = `/mail/${pages.size + 1}`;
      pages.set(path, options);
      const page: Page = await context.newPage();
      await page.goto(`${origin}${path}`);
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
    },
    stop,
  };
}
