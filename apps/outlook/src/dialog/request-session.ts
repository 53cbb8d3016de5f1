import type { ParentToDialogMessage } from '../protocol/dialog-messages.ts';

export type SessionReply = Extract<ParentToDialogMessage, { type: 'session' }>;

/** How the record window talks to the taskpane; the Outlook bridge in the add-in, a fake in tests. */
export type SessionChannel = {
  canHearParent(): boolean;
  listen(handler: (message: ParentToDialogMessage) => void): Promise<void>;
  send(message: { type: 'session-request' }): void;
};

/** Long enough for a slow Outlook to pass the message on; after it the window signs in on its own. */
export const SESSION_REPLY_TIMEOUT_MS = 10_000;

/**
 * Asks the taskpane for its session (its answer arrives through messageChild). Resolves with
 * the answer, or null where the client cannot answer its windows or did not answer in time.
 */
export function requestSession(channel: SessionChannel, timeoutMs = SESSION_REPLY_TIMEOUT_MS): Promise<SessionReply | null> {
  if (!channel.canHearParent()) return Promise.resolve(null);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (reply: SessionReply | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(reply);
    };
    const timer = setTimeout(() => settle(null), timeoutMs);
    channel
      .listen((message) => {
        if (message.type === 'session') settle(message);
      })
      .then(
        () => channel.send({ type: 'session-request' }),
        () => settle(null),
      );
  });
}
