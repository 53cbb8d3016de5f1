import { readFile } from 'node:fs/promises';
import type { BrowserContext, Frame } from 'playwright-core';
import { expect } from 'vitest';

/** What the harness recorded: every function the plugin called on Front, with its arguments. */
export type FrontCall = { name: string; args: unknown[]; contextId: string };

/**
 * Front's own origin: the harness page is served there (by `context.route`), so the plugin
 * runs in a cross-origin frame of a page whose origin Front's frame-ancestors policy names.
 */
export const FRONT_ORIGIN = 'https://app.frontapp.com';
const HARNESS_URL = `${FRONT_ORIGIN}/vocal-harness`;

export type FrontHarnessOptions = {
  /** The context Front sends first (the functions it offers are added). */
  context: Record<string, unknown>;
  /** The conversation's messages, as listMessages answers them. */
  messages?: { id: string; date: string }[];
  /** The iframe's size: Front's sidebar. */
  frameSize?: { width: number; height: number };
  /**
   * Whether Front's page may use the microphone (true by default). A frame's microphone is
   * its top page's permission, delegated: without it the plugin is refused while our own
   * windows, top-level on our origin, are not.
   */
  microphone?: boolean;
};

/** The sandbox Front's plugin frame has: no pop-ups (see harnessPage). */
export const FRONT_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-modals allow-downloads';

/** The functions Front's sidebar contexts offer that the plugin uses, with their arity (cancel token included). */
const FUNCTION_ARITIES = { createDraft: 2, updateDraft: 3, listMessages: 2, openUrl: 2 };

/**
 * A single conversation (cnv_1 unless `id` names another), as Front describes one, with the
 * draft open in it if any (the harness also names a draft it made for that conversation).
 */
export function conversationContext(conversation: { id?: string; subject?: string; draftId?: string; email?: string }) {
  return {
    id: 'context-1',
    type: 'singleConversation',
    teammate: { id: 'tea_1', name: 'Ada Lovelace', username: 'ada', email: conversation.email ?? 'ada@example.com' },
    conversation: {
      id: conversation.id ?? 'cnv_1',
      type: 'email',
      status: 'open',
      subject: conversation.subject,
      draftId: conversation.draftId,
    },
  };
}

let harnessScript: Promise<string> | null = null;
const readHarnessScript = () => (harnessScript ??= readFile(new URL('./front-harness-page.js', import.meta.url), 'utf8'));

function harnessPage(pluginUrl: string, script: string, options: FrontHarnessOptions) {
  const config = { context: options.context, messages: options.messages ?? [], functionArities: FUNCTION_ARITIES };
  const { width, height } = options.frameSize ?? { width: 340, height: 720 };
  // Front frames plugins in a sandbox (its plugin FAQ, "Why are my links not working?"): links
  // with target="_blank" and window.open stop working, and a plugin opens pages with openUrl.
  // So no allow-popups here; scripts, the plugin's own origin and forms are kept, and the
  // microphone is delegated.
  // Beside it, the selected conversation's draft as Front's composer would show it.
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Front</title>
<style>html,body{margin:0}body{display:flex;align-items:flex-start;gap:16px;font:14px system-ui}
iframe{display:block;flex:none;border:0;width:${width}px;height:${height}px}#draft{flex:1;padding:8px}
@media (prefers-color-scheme: dark){body{background:#1b1d24;color:#f2f3f5}a{color:#8ab4ff}}</style></head>
<body><iframe id="plugin" title="Vocal" src="${pluginUrl}" allow="microphone; clipboard-write"
sandbox="${FRONT_SANDBOX}"></iframe>
<section id="draft" aria-labelledby="draft-title" hidden><h2 id="draft-title">Draft</h2><div class="body"></div></section>
<script>window.__frontHarnessConfig = ${JSON.stringify(config)};</script>
<script>${script}</script></body></html>`;
}

/**
 * Opens the plugin at `pluginUrl` in a page playing Front: the page is on Front's origin and
 * frames the plugin, answers its handshake with a context and each call with a result, and
 * records the calls.
 */
export async function openFrontSidebar(context: BrowserContext, pluginUrl: string, options: FrontHarnessOptions) {
  const body = harnessPage(pluginUrl, await readHarnessScript(), options);
  // A public page framing one on a local address needs Chromium's local-network-access permission.
  const permissions = [
    'local-network-access',
    'clipboard-read',
    'clipboard-write',
    ...(options.microphone === false ? [] : ['microphone']),
  ];
  await context.grantPermissions(permissions, { origin: FRONT_ORIGIN });
  await context.route(`${FRONT_ORIGIN}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body }));
  const page = await context.newPage();
  await page.goto(HARNESS_URL);
  const frameElement = await page.waitForSelector('#plugin');
  const frame = (await frameElement.contentFrame()) as Frame;
  const calls = () => page.evaluate(() => (window as unknown as { __frontCalls: FrontCall[] }).__frontCalls);
  return {
    page,
    /** The plugin's frame: find and press things here. */
    sidebar: page.frameLocator('#plugin'),
    frame,
    calls,
    callsNamed: async (name: string) => (await calls()).filter((call) => call.name === name),
    /** The addresses the plugin asked Front to open (openUrl), oldest first, once there are `count`. */
    opened: async (count: number) => {
      let urls: string[] = [];
      await expect
        .poll(async () => (urls = (await calls()).filter((call) => call.name === 'openUrl').map((call) => String(call.args[0]))).length)
        .toBe(count);
      return urls;
    },
    /** The selected conversation's draft, as the teammate sees it in Front's composer (`data-draft-id` names it). */
    draft: page.locator('#draft'),
    /** Front sends a new context, as when the person opens another conversation. */
    setContext: (next: Record<string, unknown>) =>
      page.evaluate((value) => (window as unknown as { __front: { setContext(context: unknown): void } }).__front.setContext(value), next),
  };
}

export type FrontSidebar = Awaited<ReturnType<typeof openFrontSidebar>>;
