import type { OpenerToWindowMessage, SessionReply } from './window-messages.ts';

/**
 * How a record window talks to the panel that opened it: Outlook's dialog bridge, a popup's
 * opener bridge, a fake in tests.
 */
export type SessionChannel = {
  canHearParent(): boolean;
  listen(handler: (message: OpenerToWindowMessage) => void): Promise<void>;
  send(message: { type: 'session-request' }): void;
};

/** Long enough for a slow host to pass the message on; after it the window signs in on its own. */
export const SESSION_REPLY_TIMEOUT_MS = 10_000;

/**
 * Asks the panel for its session. Resolves with the answer, or null where the panel cannot
 * answer its windows (no opener, an old Outlook) or did not answer in time.
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
