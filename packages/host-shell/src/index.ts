// The page shell and what every panel shows.
export { AccountNotReady } from './account-not-ready.tsx';
export { AppShell } from './app-shell.tsx';
export { blobToBase64 } from './blob-to-base64.ts';
export { BrandHeader } from './brand-header.tsx';
export { createHostApi, type HostApi } from './host-api.ts';
export { HostIntro } from './host-intro.tsx';
export { HostPanel, type HostPanelControls, type HostPanelProps } from './host-panel.tsx';
export { Notice } from './notice.tsx';
export { PanelSignIn, type PanelSignInProps } from './panel-sign-in.tsx';
export { openLinksOutside } from './open-links-outside.ts';
export { OutsideHost } from './outside-host.tsx';
export { renderPage } from './render-page.tsx';
export { ConversationRepliesSection, type ConversationRepliesSectionProps } from './replies/conversation-replies-section.tsx';
export { conversationReplyOf, ReplyCard, type ReplyCardProps } from './replies/reply-card.tsx';
export { REPLIES_POLL_MS, useConversationReplies, type ConversationReplies } from './replies/use-conversation-replies.ts';
export { upgradeUrl } from './upgrade-url.ts';
export { useAccount, type AccountState } from './use-account.ts';
export { useHostContext } from './use-host-context.ts';
export { useSignedIn } from './use-signed-in.ts';
export { withWindowRecording, type WindowRecordingOptions } from './with-window-recording.ts';

// Sign-in and record windows: the messages, and the window's side (Outlook's dialog and our popups alike).
export {
  openerToWindowMessageSchema,
  parseOpenerToWindowMessage,
  parseWindowToOpenerMessage,
  shareSchema,
  windowToOpenerMessageSchema,
  type OpenerToWindowMessage,
  type SessionReply,
  type WindowToOpenerMessage,
} from './window/window-messages.ts';
export { requestSession, SESSION_REPLY_TIMEOUT_MS, type SessionChannel } from './window/request-session.ts';
export {
  answerRecordWindow,
  answerSignInWindow,
  type SessionLoan,
  type WindowControls,
  type WindowSession,
} from './window/window-conversations.ts';
export { createWindowAdapter, type WindowAdapterOptions } from './window/window-adapter.ts';
export { RecordWindow, type RecordWindowProps } from './window/record-window.tsx';
export { SignInWindow, type SignInWindowProps } from './window/sign-in-window.tsx';

// Popups for hosts without a dialog API: the panel's side, and the popup's bridge to its opener.
export {
  isPopupHost,
  POPUP_HOSTS,
  recordWindowUrl,
  SIGN_IN_WINDOW_PATH,
  signInWindowUrl,
  type PopupHost,
  type PopupHostInfo,
} from './popup/popup-hosts.ts';
export { openPopup, PopupBlockedError, type PopupOpener, type PopupSize } from './popup/open-popup.ts';
export { CLOSED_CHECK_MS, converseWithPopup } from './popup/converse-with-popup.ts';
export { recordInPopup, signInInPopup } from './popup/popup-windows.ts';
export { lendHostSession, withPopupWindows } from './popup/with-popup-windows.ts';
export { createOpenerBridge, type OpenerBridge } from './popup/opener-bridge.ts';
export { useWindowSignIn, type PanelNotice } from './popup/use-window-sign-in.ts';
export { WindowSignInButton, type WindowSignInButtonProps } from './popup/window-sign-in-button.tsx';

// Recording in a browser tab the panel cannot talk to: a one-time handoff carries the message back.
export {
  createHandoffRecorder,
  HANDOFF_EXPIRED,
  HANDOFF_POLL_MS,
  HANDOFF_RECORD_PATH,
  handoffRecordUrl,
  handoffSendLabel,
  type HandoffRecorder,
  type HandoffRecorderOptions,
  type HandoffWait,
  type HandoffWaitStore,
  type LinkOpener,
} from './handoff/handoff-recorder.ts';
export { browserLinkOpener, withHandoffRecording, withHandoffWhenBlocked } from './handoff/with-handoff-recording.ts';
export { HandoffWaitNotice, type HandoffWaitNoticeProps } from './handoff/handoff-wait-notice.tsx';
export { useHandoffWait } from './handoff/use-handoff-wait.ts';
