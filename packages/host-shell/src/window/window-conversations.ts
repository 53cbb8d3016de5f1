import type { Share } from '@vocal/host-contract';
import type { ConversationKey, Tokens } from '@vocal/settings-model';
import type { OpenerToWindowMessage, WindowToOpenerMessage } from './window-messages.ts';

/** What the panel can do while a window is open: answer it, or end the conversation (closing it). */
export type WindowControls<T> = {
  reply(message: OpenerToWindowMessage): void;
  finish(value: T | null): void;
};

/**
 * What a record window borrows: the panel's tokens (null when signed out), the subject being
 * written and the conversation the panel is in (its message is filed there).
 */
export type SessionLoan = { tokens: Tokens | null; subject?: string; conversation?: ConversationKey };

/**
 * The panel's session, lent to a record window (docs/decisions/0008). Refresh tokens rotate
 * on every use and a spent one revokes the session, so whatever the window's session becomes
 * is adopted here: the two never hold a spent token.
 */
export type WindowSession = {
  /** Asked when the window asks, so the subject is the one being written now. */
  lend(): SessionLoan | Promise<SessionLoan>;
  adopt(tokens: Tokens): void;
};

/** The panel's side of a sign-in window: the tokens it hands back, or null when cancelled. */
export function answerSignInWindow(message: WindowToOpenerMessage, controls: WindowControls<Tokens>): void {
  if (message.type === 'signed-in') controls.finish(message.tokens);
  else if (message.type === 'cancelled') controls.finish(null);
}

/** The panel's side of a record window: lend the session, adopt its changes, take the share. */
export function answerRecordWindow(session: WindowSession) {
  return (message: WindowToOpenerMessage, controls: WindowControls<Share>): void => {
    switch (message.type) {
      case 'session-request': {
        const reply = ({ tokens, subject, conversation }: SessionLoan) =>
          controls.reply({ type: 'session', tokens, ...(subject?.trim() ? { subject } : {}), ...(conversation ? { conversation } : {}) });
        // A loan at hand is answered at once; one that has to read the host first, when it has.
        const loan = session.lend();
        if (loan instanceof Promise) void loan.then(reply);
        else reply(loan);
        break;
      }
      case 'session-updated':
        session.adopt(message.tokens);
        break;
      case 'shared':
        controls.finish(message.share);
        break;
      case 'cancelled':
        controls.finish(null);
        break;
      default:
        break;
    }
  };
}
