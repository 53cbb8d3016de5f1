import type { Platform } from '@vocal/settings-model';

/** What the web app's sign-in and record windows need to know about a host that opens them. */
export type PopupHostInfo = {
  /** The recording's platform, and the host's folder under apps/ and /hosts/. */
  platform: Platform;
  /** The host's name as people know it. */
  name: string;
  /** The record window's paths (spec section 2), the first the one to open. */
  recordPaths: readonly [string, ...string[]];
  /** The record window's title (spec section 2 names Front's). */
  title: string;
  /** Under the record window's title: where the link will go. */
  lead: string;
  /** The review step's button, as the host's own panel names it. */
  sendLabel: string;
};

/**
 * The hosts that record and sign in through a popup of ours rather than a dialog of their
 * own (Outlook has Office's dialog: its /record/outlook stays the add-in's dialog.html).
 */
export const POPUP_HOSTS = {
  zendesk: {
    platform: 'zendesk',
    name: 'Zendesk',
    recordPaths: ['/record/zendesk'],
    title: 'Recording in Zendesk',
    lead: 'When you stop, the link goes into your reply in Zendesk.',
    sendLabel: 'Add to reply',
  },
  'front-app': {
    platform: 'front-app',
    name: 'Front',
    recordPaths: ['/record/front', '/integration/front'],
    title: 'Recording now',
    lead: 'When you stop, the link goes into your draft in Front.',
    sendLabel: 'Add to draft',
  },
  'zoho-mail': {
    platform: 'zoho-mail',
    name: 'Zoho Mail',
    recordPaths: ['/record/zoho-mail'],
    title: 'Recording in Zoho Mail',
    lead: 'When you stop, the link goes into your email in Zoho Mail.',
    sendLabel: 'Add to email',
  },
  'ms-teams': {
    platform: 'ms-teams',
    name: 'Teams',
    recordPaths: ['/teams/record'],
    title: 'Recording in Teams',
    lead: 'When you stop, the link goes back to Teams to share.',
    sendLabel: 'Share',
  },
  'google-meet': {
    platform: 'google-meet',
    name: 'Google Meet',
    recordPaths: ['/record/google-meet'],
    title: 'Recording for Google Meet',
    lead: 'When you stop, the link goes back to Meet, for the meeting chat or the main stage.',
    sendLabel: 'Copy for chat',
  },
  // The Docs sidebar's page (/record/google-workspace) is ours inside Google's frame, which has
  // no microphone: it records in this window and passes the message on to the add-on.
  'google-docs': {
    platform: 'google-docs',
    name: 'Google Docs',
    recordPaths: ['/record/google-workspace/window'],
    title: 'Recording for Google Docs',
    lead: 'When you stop, the link goes into your document in Google Docs.',
    sendLabel: 'Add to document',
  },
} as const satisfies Record<string, PopupHostInfo>;

export type PopupHost = keyof typeof POPUP_HOSTS;

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
