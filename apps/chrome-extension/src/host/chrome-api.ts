/**
 * The part of the `chrome` object the extension uses, so each factory here takes it as an
 * argument and the tests hand in a fake (fake-chrome.ts) instead of the browser's.
 */
export type ChromeApi = {
  runtime: Pick<typeof chrome.runtime, 'id' | 'getURL' | 'getManifest' | 'sendMessage' | 'onMessage' | 'onMessageExternal'>;
  storage: {
    session: Pick<chrome.storage.StorageArea, 'get' | 'set' | 'remove'>;
    local: Pick<chrome.storage.StorageArea, 'get' | 'set' | 'remove'>;
    onChanged: Pick<typeof chrome.storage.onChanged, 'addListener' | 'removeListener'>;
  };
  tabs: Pick<typeof chrome.tabs, 'create' | 'query' | 'getCurrent' | 'sendMessage' | 'remove'>;
  scripting: Pick<typeof chrome.scripting, 'executeScript'>;
  windows: Pick<typeof chrome.windows, 'getLastFocused'>;
};

/** The browser's own, in an extension page or the service worker. */
export const browserChrome = (): ChromeApi => chrome;
