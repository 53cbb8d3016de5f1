/**
 * The part of @microsoft/teams-js this app uses, as plain functions: the adapter and the
 * pages take it as an argument, so tests hand them a fake and only teams-runtime.ts binds
 * the real library (DESIGN.md, the host seam).
 */

/** What Teams says about where the app runs (a subset of teams-js `app.Context`). */
export type TeamsContext = {
  /** 'content' in a tab, 'settings' on a tab's configuration page, 'authentication' in the sign-in window. */
  frameContext?: string;
  /** The person's sign-in name in Teams: a hint to prefill sign-in, never proof of who they are. */
  loginHint?: string;
  locale?: string;
  /** 'default', 'dark' or 'contrast'. */
  theme?: string;
  /** 'web', 'desktop', 'android', 'ios', ... */
  clientType?: string;
  channelName?: string;
  /** The chat (one-to-one, group or meeting) a chat tab is in: teams-js `chat.id`, such as `19:…@thread.v2`. */
  chatId?: string;
  /** The channel a channel tab is in: teams-js `channel.id`, such as `19:…@thread.tacv2`. */
  channelId?: string;
};

/** One link for Teams' share box (teams-js `sharing.IURLContent`). */
export type TeamsUrlContent = { type: 'URL'; url: string; message?: string; preview?: boolean };

/** A channel or chat tab's saved settings (teams-js `pages.InstanceConfig`). */
export type TeamsTabConfig = { contentUrl: string; websiteUrl?: string; entityId?: string; suggestedDisplayName?: string };

/** The configuration page's save event: it must answer Teams exactly once. */
export type TeamsSaveEvent = { notifySuccess(): void; notifyFailure(reason?: string): void };

/** A tab's frame: context, sharing, and the windows Teams opens for it. */
export type TeamsTabSdk = {
  getContext(): Promise<TeamsContext>;
  shareSupported(): boolean;
  shareWebContent(request: { content: TeamsUrlContent[] }): Promise<void>;
  /** Teams opens `url` in a window and resolves with what that page passes to notifySuccess. */
  authenticate(parameters: { url: string; width?: number; height?: number }): Promise<string>;
  /** A Microsoft Entra token for our app (single sign-on), when the manifest names one. */
  getAuthToken(): Promise<string>;
  /**
   * Asks Teams to open a link (app.openLink, a deep link): a web address leaves Teams for the
   * browser, where a phone's window.open would take the person out of Teams with no way back.
   */
  openLink(url: string): Promise<void>;
};

/** A configurable tab's configuration page. */
export type TeamsConfigSdk = {
  getContext(): Promise<TeamsContext>;
  setValidityState(valid: boolean): void;
  registerOnSaveHandler(handler: (event: TeamsSaveEvent) => void): void;
  setConfig(config: TeamsTabConfig): Promise<void>;
};

/** The window Teams opened for authenticate(): it hands the result back and closes. */
export type TeamsAuthWindowSdk = {
  getContext(): Promise<TeamsContext>;
  notifySuccess(result: string): void;
  notifyFailure(reason: string): void;
};

/** The Teams clients on phones and tablets (teams-js HostClientType), whose tabs have no microphone. */
const MOBILE_CLIENTS = new Set(['android', 'ios', 'ipados']);

/** Whether Teams runs the tab on a phone or tablet. */
export const isTeamsMobile = (clientType: string | undefined) => clientType !== undefined && MOBILE_CLIENTS.has(clientType);

/** What teams-js reports when the person closes the window (or it never opened). */
export const TEAMS_CANCELLED = 'CancelledByUser';
export const TEAMS_WINDOW_FAILED = 'FailedToOpenWindow';

/** teams-js `ErrorCode.USER_ABORT`: the person closed Teams' share box without sharing. */
export const TEAMS_USER_ABORT = 8000;
