import type { Share } from '@vocal/host-contract';
import type { Tokens } from '@vocal/settings-model';
import { answerRecordWindow, answerSignInWindow, type WindowSession } from '../window/window-conversations.ts';
import { converseWithPopup } from './converse-with-popup.ts';
import type { PopupOpener } from './open-popup.ts';

// A sign-in form, and the record flow with its review step: both fit without scrolling.
const SIGN_IN_SIZE = { width: 480, height: 640 };
const RECORD_SIZE = { width: 520, height: 760 };

/**
 * Signs in through our sign-in window (signInWindowUrl): resolves with the tokens it hands
 * back, or null when the person cancelled or closed it. Rejects with PopupBlockedError when
 * the browser refuses the window.
 */
export function signInInPopup(url: string, opener?: PopupOpener): Promise<Tokens | null> {
  return converseWithPopup<Tokens>(url, { size: SIGN_IN_SIZE, onMessage: answerSignInWindow }, opener);
}

/**
 * Records in our record window (recordWindowUrl), which borrows `session` when it asks and
 * hands back any session it rotated: resolves with the share made there, or null when the
 * person cancelled or closed it. Rejects with PopupBlockedError when the browser refuses the window.
 */
export function recordInPopup(url: string, session: WindowSession, opener?: PopupOpener): Promise<Share | null> {
  return converseWithPopup<Share>(url, { size: RECORD_SIZE, onMessage: answerRecordWindow(session) }, opener);
}
