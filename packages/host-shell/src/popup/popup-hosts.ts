import { HOST_APPS, type HostAppRegistry, type HostRecordWindow, type Platform } from '@vocal/settings-model';

/** What the web app's sign-in and record windows need to know about a host that opens them. */
export type PopupHostInfo = HostRecordWindow & {
  /** The recording's platform, and the host's folder under apps/ and /hosts/. */
  platform: Platform;
  /** The host's name as people know it. */
  name: string;
};

/** The host apps with a record window of ours (host-apps.ts: `recordWindow`). */
export type PopupHost = {
  [Id in keyof typeof HOST_APPS]: (typeof HOST_APPS)[Id] extends { recordWindow: HostRecordWindow } ? Id : never;
}[keyof typeof HOST_APPS];

/**
 * The hosts that record and sign in through a popup of ours rather than a dialog of their
 * own, from the host registry: each one's first platform value, its name and its record window.
 */
export const POPUP_HOSTS = popupHostsOf(HOST_APPS) as Record<PopupHost, PopupHostInfo>;

/** The record windows of a registry's hosts, by host id. */
export function popupHostsOf(registry: HostAppRegistry): Partial<Record<string, PopupHostInfo>> {
  const hosts: Partial<Record<string, PopupHostInfo>> = {};
  for (const [id, entry] of Object.entries(registry)) {
    if (entry.recordWindow) hosts[id] = { platform: entry.platforms[0] as Platform, name: entry.name, ...entry.recordWindow };
  }
  return hosts;
}

export const isPopupHost = (value: unknown): value is PopupHost => typeof value === 'string' && Object.hasOwn(POPUP_HOSTS, value);

/** The sign-in window every popup host opens, told which host by `?host=`. */
export const SIGN_IN_WINDOW_PATH = '/hosts-sign-in';

/** The record window for `host`, on the origin of `base` (the host app's page: both are ours). */
export const recordWindowUrl = (host: PopupHost, base: string) => new URL(POPUP_HOSTS[host].recordPaths[0], base).href;

/** The sign-in window for `host`; an address to prefill is no secret, tokens never travel in a URL. */
export function signInWindowUrl(host: PopupHost, base: string, email?: string): string {
  const url = new URL(SIGN_IN_WINDOW_PATH, base);
  url.searchParams.set('host', host);
  if (email) url.searchParams.set('email', email);
  return url.href;
}
