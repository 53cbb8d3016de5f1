import { join } from 'node:path';
import { launchBrowser, repoRoot, serveHarnessPages, startProduct } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { createAddOn, ENTRY_POINTS, type AddOn } from '../src/host/add-on.ts';
import { snapshot } from '../src/host/testing/fake-card-service.ts';
import { createFakeAppsScript, realServer } from '../src/host/testing/fake-services.ts';

/**
 * The real add-on code (src/host) over the fakes of Apps Script, with UrlFetchApp calling
 * the real API synchronously (a child process per call): the test plays Apps Script, so the
 * code that runs in Google's servers runs here against our server.
 */
export function appsScriptAgainst(productUrl: string) {
  const fakes = createFakeAppsScript({ fetch: realServer, serverUrl: productUrl });
  const addOn: AddOn = createAddOn(fakes.services, '%PUBLIC_URL%');
  return { addOn, ...fakes };
}

/**
 * google.script.run in the sidebar page: each call goes to the test (an exposed binding),
 * which runs the add-on's function and answers like Apps Script does (success or failure
 * handler, later, with the function's return value).
 */
const SCRIPT_RUN_SHIM = `<script>
window.google = { script: { get run() {
  var handlers = { success: function () {}, failure: function () {} };
  var runner = {
    withSuccessHandler: function (handler) { handlers.success = handler; return runner; },
    withFailureHandler: function (handler) { handlers.failure = handler; return runner; },
  };
  ${JSON.stringify(ENTRY_POINTS)}.forEach(function (name) {
    runner[name] = function () {
      var args = Array.prototype.slice.call(arguments);
      window.__appsScriptRun(name, args).then(function (answer) {
        if (answer.ok) handlers.success(answer.value); else handlers.failure(new Error(answer.message));
      });
    };
  });
  return runner;
} } };
</script>`;

/**
 * Docs, played on 127.0.0.1. Google's sidebar frame is on another origin than the document
 * (googleusercontent.com in docs.google.com) and is given no microphone; here both are on the
 * harness's origin, so "no microphone" is said outright (allow="microphone 'none'"): a
 * same-origin frame would otherwise inherit it.
 *
 * Docs, played on 127.0.0.1 (another origin than the product's localhost, as Google's is):
 * /document shows the document and frames /sidebar at Docs' 300 px; /sidebar is the HTML the
 * add-on's showVocalSidebar() rendered (the real sidebar.html), with the google.script.run shim.
 */
export async function startGoogleHarness() {
  let sidebarHtml = '<!doctype html><title>No sidebar</title>';
  const documentPage = (allowMicrophone: boolean) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Quarterly plan – Google Docs (test harness)</title>
<style>body{margin:0;font:14px Arial,sans-serif;display:flex;height:100vh}
main{flex:1;padding:24px 48px;overflow:auto} aside{width:300px;border-left:1px solid #dadce0;display:flex;flex-direction:column}
aside h2{margin:0;padding:12px 16px;font-size:16px;font-weight:400} iframe{border:0;flex:1;width:300px}
@media (prefers-color-scheme: dark){body{background:#1f1f1f;color:#e3e3e3}}</style></head>
<body><main id="document" aria-label="Document"></main>
<aside aria-label="Vocal sidebar"><h2>Vocal</h2><iframe title="Vocal" src="/sidebar" allow="${allowMicrophone ? 'microphone; clipboard-write' : "microphone 'none'"}"></iframe></aside>
</body></html>`;
  const harness = await serveHarnessPages((path) => {
    if (path === '/document') return documentPage(true);
    if (path === '/document-without-microphone') return documentPage(false);
    if (path === '/sidebar') return sidebarHtml.replace('<head>', `<head>${SCRIPT_RUN_SHIM}`);
    return undefined;
  });
  return {
    ...harness,
    setSidebar(html: string) {
      sidebarHtml = html;
    },
  };
}
export type GoogleHarness = Awaited<ReturnType<typeof startGoogleHarness>>;

/**
 * Opens a document with the add-on's sidebar: runs showVocalSidebar() (a real code from the
 * API), serves what it rendered, and answers the sidebar's google.script.run with the add-on.
 */
export async function openDocument(
  context: BrowserContext,
  harness: GoogleHarness,
  appsScript: ReturnType<typeof appsScriptAgainst>,
  options: { allowMicrophone?: boolean } = {},
) {
  appsScript.addOn.showVocalSidebar();
  harness.setSidebar(appsScript.document.sidebars.at(-1)!);
  const runs: { name: string; args: unknown[] }[] = [];
  await context.exposeBinding('__appsScriptRun', (_source, name: string, args: unknown[]) => {
    runs.push({ name, args });
    try {
      const run = appsScript.addOn[name as keyof AddOn] as (...parameters: unknown[]) => unknown;
      return { ok: true, value: run(...args) };
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
  });
  const page = await context.newPage();
  await page.goto(`${harness.origin}/${options.allowMicrophone === false ? 'document-without-microphone' : 'document'}`);
  const sidebar = await frameOf(page, 'iframe[title="Vocal"]');
  const recorder = await frameOf(sidebar, '#recorder');
  return {
    page,
    sidebar,
    recorder,
    runs,
    /** Shows the fake document's content in the page, as Docs would after the insert. */
    showDocument: () => page.locator('#document').evaluate((element, html) => (element.innerHTML = html), appsScript.document.toHtml()),
  };
}

async function frameOf(parent: Page | Frame, selector: string): Promise<Frame> {
  const element = parent.locator(selector);
  await element.waitFor();
  const frame = await (await element.elementHandle())?.contentFrame();
  if (!frame) throw new Error(`${selector} has no frame`);
  await frame.waitForLoadState();
  return frame;
}

/** A card or action response of the fake CardService, as plain data. */
export const plain = (value: unknown) => snapshot(value);

/**
 * What each browser test file starts: the harness, the real API serving the web build (and
 * letting the harness frame the Docs page), and a browser whose fake microphone says `speech`.
 */
export async function startGoogleSuite(speech: string) {
  const wav = await makeSpeechWav(speech, { seconds: 10 });
  const harness = await startGoogleHarness();
  const started: (() => Promise<void>)[] = [harness.stop];
  const stop = async () => {
    for (const stopOne of started.splice(0).reverse()) await stopOne();
  };
  try {
    const product = await startProduct({ env: { HOST_APPS_DIR: join(repoRoot, 'apps'), HOST_FRAME_ANCESTORS: harness.origin } });
    started.push(product.stop);
    const browser = await launchBrowser({ microphoneWav: wav, loop: true });
    started.push(browser.close);
    return { harness, product, browser, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
