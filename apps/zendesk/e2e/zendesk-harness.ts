import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { launchBrowser, serveHarnessPages, startHostProduct } from '@vocal/e2e';
import { makeSpeechWav } from '@vocal/test-fixtures';
import type { BrowserContext, Frame, Page } from 'playwright-core';

/** Zendesk's documented address for the ZAF v2 client, which sidebar.html loads. */
export const ZAF_SDK_URL = 'https://static.zdassets.com/zendesk_app_framework_sdk/2.0/zaf_sdk.min.js';

/** What the sidebar asked of Zendesk: a get, set or invoke with its parameters, or an announcement such as `iframe.on:…`. */
export type ZafCall = { request: 'get' | 'set' | 'invoke'; params: unknown } | { key: string; message: unknown };

export type TicketOptions = {
  subject?: string;
  requester?: string;
  agentEmail?: string;
  /** The installation's settings (manifest parameters), as `metadata.settings`. */
  settings?: Record<string, unknown>;
  colorScheme?: 'light' | 'dark';
  /**
   * Whether Zendesk's iframe lets the app use the microphone (`allow="microphone"`). Without
   * it the browser refuses getUserMedia in the sidebar while a window of the app still may.
   */
  allowMicrophone?: boolean;
  /** The apps panel's width: Zendesk's sidebar is about 320 px. */
  width?: number;
  /** The ticket's id (4242 by default); the account's subdomain is acme. */
  ticketId?: number;
};

/**
 * The page that plays Zendesk, on its own origin (127.0.0.1 while the app is on localhost):
 * it frames the sidebar as Zendesk does (`?origin=…&app_guid=…`) and answers the ZAF
 * client's messages as Zendesk does: the handshake with `zaf.app.registered`, gets from the
 * ticket, `ticket.comment.appendHtml` into a reply editor shown beside, whose kind
 * `ticket.comment.type` sets (public reply or internal note), `notify` into a notices area,
 * `resize` on the frame. Every message is recorded in `window.__zafCalls`.
 */
const HARNESS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Ticket #4242 – Zendesk (test harness)</title>
<style>body{margin:0;font:14px system-ui;display:flex;gap:16px;align-items:flex-start}
iframe{border:0;display:block;height:200px} #reply{flex:1;padding:8px;min-height:100px}
@media (prefers-color-scheme: dark){body{background:#151a1e;color:#fff}}</style></head>
<body><main id="reply" aria-label="Reply" data-type="publicReply"></main><div id="notices" role="log" aria-label="Notifications"></div><script>
(function () {
  var config = window.__zendeskConfig;
  var appOrigin = new URL(config.appUrl).origin;
  var frame = document.createElement('iframe');
  frame.title = 'Vocal';
  frame.style.width = config.width + 'px';
  if (config.allowMicrophone) frame.allow = 'microphone; clipboard-write';
  var src = new URL(config.appUrl);
  src.searchParams.set('origin', location.origin);
  src.searchParams.set('app_guid', 'x');
  frame.src = src.href;
  document.body.prepend(frame);
  var reply = document.getElementById('reply');
  window.__zafCalls = [];

  function answer(message) { frame.contentWindow.postMessage(JSON.stringify(message), appOrigin); }
  function property(path) {
    if (path === 'ticket.subject') return config.subject;
    if (path === 'ticket.requester.name') return config.requester;
    if (path === 'currentUser.email') return config.agentEmail;
    if (path === 'currentUser.locale') return 'en-US';
    if (path === 'colorScheme') return config.colorScheme;
    if (path === 'ticket.id') return config.ticketId;
    if (path === 'currentAccount.subdomain') return 'acme';
    if (path === 'ticket.comment.type') return reply.dataset.type;
    return undefined;
  }

  window.addEventListener('message', function (event) {
    if (event.source !== frame.contentWindow || event.origin !== appOrigin || typeof event.data !== 'string') return;
    var data;
    try { data = JSON.parse(event.data); } catch (error) { return; }
    if (data.request) {
      window.__zafCalls.push({ request: data.request, params: data.params });
      var result = { errors: {} };
      if (data.request === 'get') {
        data.params.forEach(function (path) {
          var value = property(path);
          if (value === undefined) result.errors[path] = { name: 'APIUnavailable', message: 'Could not find handler for: "' + path + '"' };
          else result[path] = value;
        });
      } else if (data.request === 'set') {
        Object.keys(data.params).forEach(function (path) {
          var value = data.params[path];
          if (path === 'ticket.comment.type' && (value === 'publicReply' || value === 'internalNote')) reply.dataset.type = value;
          else result.errors[path] = { name: 'APIUnavailable', message: 'Could not find handler for: "' + path + '"' };
        });
      } else if (data.request === 'invoke') {
        Object.keys(data.params).forEach(function (name) {
          var args = data.params[name];
          if (name === 'ticket.comment.appendHtml') reply.insertAdjacentHTML('beforeend', args[0]);
          else if (name === 'resize') frame.style.height = args[0].height;
          else if (name === 'notify') document.getElementById('notices').insertAdjacentText('beforeend', args[0]);
          else result.errors[name] = { name: 'APIUnavailable', message: 'Could not find handler for: "' + name + '"' };
        });
      }
      return answer({ id: data.id, result: result });
    }
    if (typeof data.key !== 'string') return;
    window.__zafCalls.push({ key: data.key, message: data.message });
    if (data.key === 'iframe.handshake') {
      answer({
        key: 'zaf.app.registered',
        message: {
          metadata: { appId: 0, installationId: 1, name: 'Vocal', version: '1.0.0', settings: Object.assign({ title: 'Vocal' }, config.settings) },
          context: { host: 'zendesk', product: 'support', location: 'ticket_sidebar', instanceGuid: 'x', account: { subdomain: 'acme' }, ticketId: config.ticketId },
        },
      });
    }
  });
})();
</script></body></html>`;

/** Serves the harness page on 127.0.0.1 (the app is on localhost: another origin, as Zendesk's is). */
export function startZendeskHarness() {
  return serveHarnessPages(() => HARNESS_PAGE);
}
export type ZendeskHarness = Awaited<ReturnType<typeof startZendeskHarness>>;

let zendeskClient: Promise<string> | null = null;

/**
 * Zendesk's own ZAF client, from npm (zendesk_app_framework_sdk: Zendesk's source, Apache-2.0),
 * bundled as the CDN's script is (a global ZAFClient). The npm copy is older than the CDN's 2.0
 * build the app loads inside Zendesk, and published from a fork's repository: it runs here
 * because it is Zendesk's real client code speaking Zendesk's real messages, which the harness
 * page must answer, rather than a stand-in written to match the harness.
 */
function bundleZendeskClient(): Promise<string> {
  zendeskClient ??= build({
    entryPoints: [createRequire(import.meta.url).resolve('zendesk_app_framework_sdk/lib/index.js')],
    bundle: true,
    format: 'iife',
    globalName: 'ZAFClient',
    platform: 'browser',
    target: 'es2017',
    write: false,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]!.text);
  return zendeskClient;
}

/**
 * The ZAF client every page of `context` gets for Zendesk's CDN URL: Zendesk's own client from
 * npm (above), or a copy of the CDN's zaf_sdk.min.js named by VOCAL_ZAF_SDK, or the stand-in
 * written from the protocol (VOCAL_ZAF_SDK=stand-in: e2e/fake-zaf-sdk.js).
 */
export async function serveZafSdk(context: BrowserContext) {
  const named = process.env.VOCAL_ZAF_SDK;
  const body =
    named === 'stand-in'
      ? await readFile(new URL('./fake-zaf-sdk.js', import.meta.url), 'utf8')
      : named
        ? await readFile(named, 'utf8')
        : await bundleZendeskClient();
  await context.route(ZAF_SDK_URL, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body }));
}

/** Opens a ticket in the harness with the sidebar app at `appUrl` in its apps panel. */
export async function openTicket(context: BrowserContext, harness: ZendeskHarness, appUrl: string, options: TicketOptions = {}) {
  await serveZafSdk(context);
  const page = await context.newPage();
  await page.addInitScript((config) => Object.assign(window, { __zendeskConfig: config }), {
    appUrl,
    subject: options.subject,
    requester: options.requester,
    agentEmail: options.agentEmail,
    settings: options.settings ?? {},
    colorScheme: options.colorScheme,
    allowMicrophone: options.allowMicrophone ?? true,
    width: options.width ?? 320,
    ticketId: options.ticketId ?? 4242,
  });
  await page.goto(`${harness.origin}/agent/tickets/4242`);
  const sidebar = await waitForSidebar(page);
  const calls = () => page.evaluate(() => (window as unknown as { __zafCalls: ZafCall[] }).__zafCalls);
  return {
    page,
    sidebar,
    calls,
    /** The arguments of every `invoke` of `name`, oldest first. */
    invoked: async (name: string) =>
      (await calls())
        .flatMap((call) => ('request' in call && call.request === 'invoke' ? [(call.params as Record<string, unknown[]>)[name]] : []))
        .filter((args): args is unknown[] => args !== undefined),
    /** The values of every `set` of `path`, oldest first. */
    setTo: async (path: string) =>
      (await calls()).flatMap((call) =>
        'request' in call && call.request === 'set' && path in (call.params as Record<string, unknown>)
          ? [(call.params as Record<string, unknown>)[path]]
          : [],
      ),
    /** Zendesk's notification area: what `notify` showed. */
    notices: page.locator('#notices'),
    /** The reply editor, as the agent sees it. */
    reply: page.locator('#reply'),
    frame: page.locator('iframe'),
  };
}

async function waitForSidebar(page: Page): Promise<Frame> {
  await page.locator('iframe').waitFor();
  const handle = await page.locator('iframe').elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('The sidebar frame did not load.');
  return frame;
}

/**
 * What each browser test file starts: the harness, the real API serving the builds (and
 * letting the harness frame the sidebar), and a browser whose fake microphone says `speech`.
 * What started is stopped again if a later step fails.
 */
export async function startZendeskSuite(speech: string) {
  const wav = await makeSpeechWav(speech, { seconds: 10 });
  const harness = await startZendeskHarness();
  const started: (() => Promise<void>)[] = [harness.stop];
  const stop = async () => {
    for (const stopOne of started.splice(0).reverse()) await stopOne();
  };
  try {
    const product = await startHostProduct({ HOST_FRAME_ANCESTORS: harness.origin });
    started.push(product.stop);
    const browser = await launchBrowser({ microphoneWav: wav, loop: true });
    started.push(browser.close);
    return { harness, product, browser, sidebarUrl: `${product.url}/hosts/zendesk/sidebar.html`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
