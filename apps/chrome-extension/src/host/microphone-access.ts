import type { ChromeApi } from './chrome-api.ts';

/** chrome.storage.local: whether the person allowed (true) or refused (false) the microphone in our grant tab. */
export const MICROPHONE_GRANT_KEY = 'vocal.microphoneGranted';

export type MicrophoneState = 'granted' | 'needed' | 'blocked';

export type MicrophoneAccess = {
  check(): Promise<MicrophoneState>;
  /** Calls `listener` when the answer may have changed (the grant tab was used, the browser's setting changed). */
  subscribe(listener: () => void): () => void;
  /** Opens the "Allow microphone" tab: a popup or a frame in Gmail cannot show Chrome's prompt. */
  openGrantPage(): Promise<void>;
  /** The grant tab's answer, for the other pages. */
  remember(granted: boolean): Promise<void>;
};

type Permissions = Pick<globalThis.Permissions, 'query'>;

/**
 * Whether the extension may use the microphone. Chrome keeps the permission per origin, and
 * the extension's origin gets it once, in an extension tab where Chrome can ask; the popup
 * and the compose frame then record without asking. The browser's own answer wins when it
 * has one; the grant tab's answer covers a frame whose query says "prompt" although the
 * extension's origin was granted.
 */
export function createMicrophoneAccess(
  chrome: Pick<ChromeApi, 'storage' | 'tabs' | 'runtime'>,
  permissions: Permissions | undefined = globalThis.navigator?.permissions,
): MicrophoneAccess {
  const query = () => permissions?.query({ name: 'microphone' as PermissionName }).catch(() => null) ?? Promise.resolve(null);
  return {
    async check() {
      const status = await query();
      if (status?.state === 'granted') return 'granted';
      if (status?.state === 'denied') return 'blocked';
      const remembered = (await chrome.storage.local.get(MICROPHONE_GRANT_KEY))[MICROPHONE_GRANT_KEY];
      if (remembered === true) return 'granted';
      return remembered === false ? 'blocked' : 'needed';
    },
    subscribe(listener) {
      const onStorage = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
        if (area === 'local' && MICROPHONE_GRANT_KEY in changes) listener();
      };
      chrome.storage.onChanged.addListener(onStorage);
      let status: PermissionStatus | null = null;
      let stopped = false;
      void query().then((found) => {
        if (stopped || !found) return;
        status = found;
        status.addEventListener('change', listener);
      });
      return () => {
        stopped = true;
        chrome.storage.onChanged.removeListener(onStorage);
        status?.removeEventListener('change', listener);
      };
    },
    async openGrantPage() {
      await chrome.tabs.create({ url: chrome.runtime.getURL('permission.html') });
    },
    async remember(granted) {
      await chrome.storage.local.set({ [MICROPHONE_GRANT_KEY]: granted });
    },
  };
}
