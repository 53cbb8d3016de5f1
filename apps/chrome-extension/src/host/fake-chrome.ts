import type { GmailBridge } from '../shared/extension-messages.ts';
import type { ChromeApi } from './chrome-api.ts';

export const FAKE_EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';
export const FAKE_SERVER = 'https://vocal.example.com';

type Listener = (...args: never[]) => unknown;

/** A chrome.* event: listeners, and `emit` to play the browser. */
function fakeEvent<L extends Listener>() {
  const listeners = new Set<L>();
  return {
    addListener: (listener: L) => void listeners.add(listener),
    removeListener: (listener: L) => void listeners.delete(listener),
    hasListeners: () => listeners.size > 0,
    listeners,
  };
}

type Tab = { id?: number; url?: string };

export type FakeChromeOptions = {
  /** The tab an extension page is in (tabs.getCurrent); undefined for the popup. */
  currentTab?: Tab;
  /** The active tab of the current window (tabs.query). */
  activeTab?: Tab;
  /** Answers tabs.sendMessage, as the content script of that tab would. */
  contentScript?(tabId: number, message: unknown, options: unknown): unknown;
  /** The content script's bridge in the active tab's isolated world (for scripting.executeScript). */
  gmailBridge?: GmailBridge;
  /** Session storage to start from. */
  session?: Record<string, unknown>;
  homepage?: string | null;
};

/**
 * The part of `chrome` the extension uses, in memory, recording what was asked of it. Storage
 * fires onChanged as Chrome does; runtime events can be emitted as the browser would.
 */
export function createFakeChrome(options: FakeChromeOptions = {}) {
  const calls: { api: string; args: unknown[] }[] = [];
  const onChanged = fakeEvent<(changes: Record<string, chrome.storage.StorageChange>, area: string) => void>();
  const area = (name: string, initial: Record<string, unknown> = {}) => {
    const values = new Map(Object.entries(structuredClone(initial)));
    const change = (key: string, newValue: unknown) => {
      const oldValue = values.get(key);
      if (newValue === undefined) values.delete(key);
      else values.set(key, structuredClone(newValue));
      for (const listener of onChanged.listeners) listener({ [key]: { oldValue, newValue } }, name);
    };
    return {
      values,
      async get(keys?: string | string[] | null) {
        const wanted = keys === undefined || keys === null ? [...values.keys()] : typeof keys === 'string' ? [keys] : keys;
        return Object.fromEntries(wanted.filter((key) => values.has(key)).map((key) => [key, structuredClone(values.get(key))]));
      },
      async set(items: Record<string, unknown>) {
        for (const [key, value] of Object.entries(items)) change(key, value);
      },
      async remove(keys: string | string[]) {
        for (const key of typeof keys === 'string' ? [keys] : keys) if (values.has(key)) change(key, undefined);
      },
    };
  };
  const session = area('session', options.session);
  const local = area('local');
  const onMessage = fakeEvent<(message: unknown, sender: chrome.runtime.MessageSender, respond: (response?: unknown) => void) => unknown>();
  const onMessageExternal =
    fakeEvent<(message: unknown, sender: chrome.runtime.MessageSender, respond: (response?: unknown) => void) => unknown>();
  const record = (api: string, ...args: unknown[]) => calls.push({ api, args });

  const fake = {
    runtime: {
      id: FAKE_EXTENSION_ID,
      getURL: (path: string) => `chrome-extension://${FAKE_EXTENSION_ID}/${path.replace(/^\//, '')}`,
      getManifest: () => ({
        manifest_version: 3,
        name: 'Vocal',
        version: '0.1.0',
        homepage_url: options.homepage === null ? undefined : (options.homepage ?? `${FAKE_SERVER}/`),
      }),
      sendMessage: async (...args: unknown[]) => record('runtime.sendMessage', ...args),
      onMessage,
      onMessageExternal,
    },
    storage: { session, local, onChanged },
    tabs: {
      async create(properties: { url?: string }) {
        record('tabs.create', properties);
        return { id: 99, url: properties.url };
      },
      async query(query: unknown) {
        record('tabs.query', query);
        return options.activeTab ? [options.activeTab] : [];
      },
      getCurrent: async () => options.currentTab,
      async sendMessage(tabId: number, message: unknown, sendOptions: unknown) {
        record('tabs.sendMessage', tabId, message, sendOptions);
        if (!options.contentScript) throw new Error('Could not establish connection. Receiving end does not exist.');
        return options.contentScript(tabId, message, sendOptions);
      },
      async remove(tabId: number) {
        record('tabs.remove', tabId);
      },
    },
    windows: {
      async getLastFocused(query: unknown) {
        record('windows.getLastFocused', query);
        return { id: 1, focused: true };
      },
    },
    scripting: {
      async executeScript(injection: { target: { tabId: number }; func: (...args: never[]) => unknown; args?: unknown[] }) {
        record('scripting.executeScript', injection.target, injection.args ?? []);
        // The function runs in the content script's world: there, the bridge is a global.
        const world = globalThis as Record<string, unknown>;
        const before = world.__vocalGmail;
        world.__vocalGmail = options.gmailBridge;
        try {
          return [
            { frameId: 0, documentId: 'doc', result: await (injection.func as (...args: unknown[]) => unknown)(...(injection.args ?? [])) },
          ];
        } finally {
          world.__vocalGmail = before;
        }
      },
    },
  };

  /** Delivers a message to the runtime.onMessage listeners as Chrome would, resolving with the answer. */
  const deliver = (event: typeof onMessage, message: unknown, sender: chrome.runtime.MessageSender) =>
    new Promise<unknown>((resolve) => {
      let kept = false;
      for (const listener of event.listeners) if (listener(message, sender, resolve) === true) kept = true;
      if (!kept) resolve(undefined);
    });

  return {
    chrome: fake as unknown as ChromeApi,
    calls,
    session: session.values,
    local: local.values,
    callsTo: (api: string) => calls.filter((call) => call.api === api).map((call) => call.args),
    sendToContent: (message: unknown, sender: chrome.runtime.MessageSender) => deliver(onMessage, message, sender),
    sendExternal: (message: unknown, sender: chrome.runtime.MessageSender) => deliver(onMessageExternal, message, sender),
  };
}
