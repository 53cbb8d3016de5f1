import { MEET_SIDE_PANEL_PATH, type HOST_APPS } from '../routes/host-app-routes.ts';

type HostApp = (typeof HOST_APPS)[number];

/** What a host app's pages let in beyond our own origin. */
export type HostAppPolicy = {
  /** The host's pages that frame ours (CSP frame-ancestors), besides our own origin. */
  frameAncestors: readonly string[];
  /** Where the host's SDK must be loaded from, when the host requires its CDN (script-src). */
  scriptSources: readonly string[];
};

/**
 * Microsoft 365's web clients, which frame Teams tabs and, with the unified manifest, Outlook
 * add-ins: the frame-ancestors Teams' tab requirements list (cloud.microsoft, which they are
 * moving to, Teams, microsoft365.com and office.com, Outlook on the web and Outlook.com).
 * The desktop and mobile clients show the page in a web view of their own, with no ancestor.
 */
const MICROSOFT_365 = [
  'https://*.cloud.microsoft',
  'https://teams.microsoft.com',
  'https://*.teams.microsoft.com',
  'https://*.microsoft365.com',
  'https://*.office.com',
  'https://outlook.office365.com',
  'https://outlook-sdf.office365.com',
  'https://outlook.live.com',
];

/** Zoho Mail in each of Zoho's data centres, and the domain Zoho serves widgets from. */
const ZOHO = [
  'https://*.zoho.com',
  'https://*.zoho.eu',
  'https://*.zoho.in',
  'https://*.zoho.com.au',
  'https://*.zoho.jp',
  'https://*.zoho.com.cn',
  'https://*.zohocloud.ca',
  'https://*.zoho.sa',
  'https://*.zoho.uk',
  'https://*.zappsusercontent.com',
];

/**
 * Per host app: who may frame its pages and where its SDK comes from. A host that is not built
 * yet (Docs, the Chrome extension) may be framed by our own origin only, until its app
 * says which pages frame it.
 */
export const HOST_APP_POLICIES = {
  // office.js from Microsoft's CDN, and MicrosoftAjax.js, which office.js's Outlook files load from
  // ajax.aspnetcdn.com before Office.onReady (OfficeDev/office-js issues 4131, 5518, 5733: OWA,
  // classic and new Outlook): without it the taskpane never initialises.
  outlook: { frameAncestors: MICROSOFT_365, scriptSources: ['https://appsforoffice.microsoft.com', 'https://ajax.aspnetcdn.com'] },
  'ms-teams': { frameAncestors: MICROSOFT_365, scriptSources: [] },
  // The agent workspace ({subdomain}.zendesk.com), and Zendesk's own app hosting; ZAF v2 from its CDN.
  zendesk: { frameAncestors: ['https://*.zendesk.com', 'https://*.zdusercontent.com'], scriptSources: ['https://static.zdassets.com'] },
  // SigmaSDK from Zoho's CDN (static.zohocdn.com.cn in the Chinese data centre).
  'zoho-mail': { frameAncestors: ZOHO, scriptSources: ['https://static.zohocdn.com', 'https://static.zohocdn.com.cn'] },
  // Front's web app and its plugin frames; the plugin SDK is bundled, not loaded from Front.
  'front-app': { frameAncestors: ['https://*.frontapp.com', 'https://*.frontapplication.com'], scriptSources: [] },
  // Meet's web client frames the side panel and the main stage (the add-on SDK is bundled).
  'google-meet': { frameAncestors: ['https://meet.google.com'], scriptSources: [] },
  // Docs frames an add-on's sidebar (HtmlService) in a sandbox on *.googleusercontent.com
  // (n-<hash>-script.googleusercontent.com), which frames our /record/google-workspace.
  'google-docs': { frameAncestors: ['https://docs.google.com', 'https://*.googleusercontent.com'], scriptSources: [] },
  'chrome-extension': { frameAncestors: [], scriptSources: [] },
} as const satisfies Record<HostApp, HostAppPolicy>;

/** A host app's pages outside /hosts/: the Meet add-on's side panel (spec section 2, /addons/meet). */
const HOST_APP_PAGES: Readonly<Record<string, HostApp>> = {
  [MEET_SIDE_PANEL_PATH]: 'google-meet',
  // The Docs add-on's sidebar page, part of the web app (apps/google-docs frames it).
  '/record/google-workspace': 'google-docs',
};

/** The policy of the host app a path belongs to (/hosts/{host}/..., /addons/meet, /record/google-workspace), or null. */
export function hostAppPolicyOf(path: string): HostAppPolicy | null {
  const page = Object.hasOwn(HOST_APP_PAGES, path) ? HOST_APP_PAGES[path] : undefined;
  if (page) return HOST_APP_POLICIES[page];
  const host = /^\/hosts\/([^/]+)\//.exec(path)?.[1];
  return host && Object.hasOwn(HOST_APP_POLICIES, host) ? HOST_APP_POLICIES[host as HostApp] : null;
}
