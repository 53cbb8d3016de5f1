import type { HostAdapter } from '@vocal/host-contract';
import { PopupBlockedError } from '../popup/open-popup.ts';
import type { HandoffRecorder, LinkOpener } from './handoff-recorder.ts';

/**
 * Records in a browser tab through a handoff, never a popup: for hosts whose frame cannot
 * keep a window of ours talking to it (Front's sandbox; Teams on phones, where a window leaves Teams).
 */
export function withHandoffRecording<A extends HostAdapter>(adapter: A, recorder: HandoffRecorder): A {
  return { ...adapter, recordInWindow: () => recorder.recordInWindow() };
}

/**
 * A popup of ours first (it borrows the panel's session and closes itself), and the handoff
 * when the browser or the host's frame blocks it (Meet, Zoho Mail): the person then opens the
 * record page themselves and signs in there.
 */
export function withHandoffWhenBlocked<A extends HostAdapter>(adapter: A, recorder: HandoffRecorder): A {
  const popup = adapter.recordInWindow;
  if (!popup) return withHandoffRecording(adapter, recorder);
  return {
    ...adapter,
    async recordInWindow(url: string) {
      try {
        return await popup.call(adapter, url);
      } catch (error) {
        if (error instanceof PopupBlockedError) return recorder.recordInWindow();
        throw error;
      }
    },
  };
}

/**
 * The browser's own new tab, for hosts with no open-link call of their own (Meet, Zoho Mail).
 * The tab gets no handle on the panel (its opener is cut): the handoff carries the message.
 */
export function browserLinkOpener(view: Pick<Window, 'open'> = window): LinkOpener {
  return async (url) => {
    // A blank tab first: it is ours to cut from its opener (a tab already on another origin
    // would refuse the write), then it goes to the address. "noopener" would do the same but
    // answers null whether or not the tab opened, and a blocked tab must be told apart.
    const tab = view.open('', '_blank');
    if (!tab) return false;
    tab.opener = null;
    tab.location.href = url;
    return true;
  };
}
