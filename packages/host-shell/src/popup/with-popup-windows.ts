import type { HostAdapter, HostContext } from '@vocal/host-contract';
import type { HostApi } from '../host-api.ts';
import type { WindowSession } from '../window/window-conversations.ts';
import type { PopupOpener } from './open-popup.ts';
import { recordInPopup, signInInPopup } from './popup-windows.ts';

/**
 * The panel's in-memory session as a record window borrows it: the tokens held now, the
 * subject being written and the conversation the panel is in (read from the host when the
 * window asks: usually the adapter's ready), and the window's rotated tokens adopted.
 */
export function lendHostSession({ api, tokens }: HostApi, context: () => HostContext | Promise<HostContext> = () => ({})): WindowSession {
  return {
    lend: async () => {
      const { subject, conversation } = await Promise.resolve()
        .then(context)
        .catch((): HostContext => ({}));
      return { tokens: tokens.get(), subject, conversation };
    },
    adopt: (next) => api.session.setTokens(next),
  };
}

/**
 * Gives a host's adapter the two window capabilities through our popups, for hosts without
 * a dialog API of their own: `signInWithDialog(signInWindowUrl(...))` and
 * `recordInWindow(recordWindowUrl(...))`. Wrap the result in withWindowRecording so a
 * blocked or failed window becomes a notice.
 */
export function withPopupWindows<A extends HostAdapter>(adapter: A, session: WindowSession, opener?: PopupOpener): A {
  return {
    ...adapter,
    signInWithDialog: (url: string) => signInInPopup(url, opener),
    recordInWindow: (url: string) => recordInPopup(url, session, opener),
  };
}
