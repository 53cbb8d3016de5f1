import { isPopupHost, POPUP_HOSTS, type PopupHostInfo } from '@vocal/host-shell/popup-hosts';

/** The host whose record window is at `path` (the route table sends only those paths here). */
export function popupHostOfRecordPath(path: string): PopupHostInfo {
  const found = Object.values(POPUP_HOSTS).find((info) => (info.recordPaths as readonly string[]).includes(path));
  if (!found) throw new Error(`No host records at ${path}`);
  return found;
}

/** The host named by the sign-in window's `?host=`, or null for a missing or unknown one. */
export function popupHostOfQuery(search: string): PopupHostInfo | null {
  const host = new URLSearchParams(search).get('host');
  return isPopupHost(host) ? POPUP_HOSTS[host] : null;
}
