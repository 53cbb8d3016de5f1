/**
 * The host apps: the one list of the places the recorder runs besides the web app. Each entry
 * is a folder under apps/ and under /hosts/ on the server, and says what the rest of the product
 * needs to know of it: its recordings' platform values, who may frame its pages and where its
 * SDK loads from, its record window, the recording handoff, its package and what it asks of a
 * server. Every list of hosts elsewhere (PLATFORMS, HOST_APP_IDS, POPUP_HOSTS, the framing
 * policies, the routes, the Integrations page's requirements) is derived from this one; the
 * functions below take the registry as an argument so a test can pass one with a host added.
 * Adding a host: its entry here, its folder under apps/, its install guide in the web app's
 * host-guides.tsx, and its SDK in tooling/eslint/host-sdks.js (tooling sits below packages).
 */

/** What a host app's pages let in beyond our own origin (CSP frame-ancestors, script-src). */
export type HostFramePolicy = {
  /** The host's pages that frame ours, besides our own origin. */
  frameAncestors: readonly string[];
  /** Where the host's SDK must be loaded from, when the host requires its CDN. */
  scriptSources: readonly string[];
};

/** A host's record window, opened by its panel when the panel has no microphone (spec section 2). */
export type HostRecordWindow = {
  /** The record window's paths, the first the one to open. */
  recordPaths: readonly [string, ...string[]];
  /** The record window's title (spec section 2 names Front's). */
  title: string;
  /** Under the record window's title: where the link will go. */
  lead: string;
  /** The review step's button, as the host's own panel names it. */
  sendLabel: string;
};

/**
 * A page of the host's build served outside /hosts/{id}/: the file itself, or a redirect to it;
 * `what` it is, after the host's name, for the API reference.
 */
export type HostEntryPage = { path: string; file: string; how: 'serve' | 'redirect'; what: string };

/** How a host's app package is made (the server's recipes): the package formats the hosts take. */
export type HostPackageFormat = 'office-add-in' | 'microsoft-365' | 'zendesk' | 'zoho-mail' | 'chrome-extension';

/** What a host asks of the server's public address. */
export type HostAddressNeed = 'https' | 'https-or-localhost' | 'https-recommended';

/** What else a host asks of the server, shown on its Integrations page. */
export type HostServerNeed = 'origin-only' | 'microsoft-sign-in' | 'file-origin';

export type HostAppEntry = {
  /** The host's name as people know it. */
  name: string;
  /** The recordings' platform values made in this host (spec section 1). */
  platforms: readonly [string, ...string[]];
  frame: HostFramePolicy;
  /** Paths of our own pages that belong to this host app although they are not under /hosts/. */
  framedPages?: readonly string[];
  /** Pages of its build served outside /hosts/ (spec section 2's addresses). */
  entryPages?: readonly HostEntryPage[];
  /** Its record window, for hosts that record in a popup of ours rather than a dialog of their own. */
  recordWindow?: HostRecordWindow;
  /** The names it asks a recording handoff under (POST /api/handoff/recording). */
  recordingHandoff?: readonly string[];
  /** Its app package at /hosts/{id}/{file}, for hosts that install from an uploaded package. */
  package?: { format: HostPackageFormat; file: string };
  address: HostAddressNeed;
  needs?: readonly HostServerNeed[];
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

/** The host apps, in the order the Integrations page shows them. */
export const HOST_APPS = {
  outlook: {
    name: 'Outlook',
    platforms: ['outlook'],
    // office.js from Microsoft's CDN, and MicrosoftAjax.js, which office.js's Outlook files load from
    // ajax.aspnetcdn.com before Office.onReady (OfficeDev/office-js issues 4131, 5518, 5733: OWA,
    // classic and new Outlook): without it the taskpane never initialises.
    frame: { frameAncestors: MICROSOFT_365, scriptSources: ['https://appsforoffice.microsoft.com', 'https://ajax.aspnetcdn.com'] },
    // Office's own dialog records: /record/outlook stays the add-in's dialog.html, no popup of ours.
    package: { format: 'office-add-in', file: 'app.zip' },
    address: 'https',
  },
  'ms-teams': {
    name: 'Teams',
    platforms: ['ms-teams'],
    frame: { frameAncestors: MICROSOFT_365, scriptSources: [] },
    // GET /teams (spec section 2, the Teams app): the tab. In Teams it is the tab itself; in a
    // plain browser the tab page says how to add the app in Teams.
    entryPages: [
      { path: '/teams', file: 'tab.html', how: 'redirect', what: 'app: leads to its tab, which in a plain browser says how to add it' },
    ],
    recordWindow: {
      recordPaths: ['/teams/record'],
      title: 'Recording in Teams',
      lead: 'When you stop, the link goes back to Teams to share.',
      sendLabel: 'Share',
    },
    recordingHandoff: ['ms-teams'],
    package: { format: 'microsoft-365', file: 'app.zip' },
    address: 'https',
    needs: ['microsoft-sign-in'],
  },
  zendesk: {
    name: 'Zendesk',
    platforms: ['zendesk'],
    // The agent workspace ({subdomain}.zendesk.com), and Zendesk's own app hosting; ZAF v2 from its CDN.
    frame: { frameAncestors: ['https://*.zendesk.com', 'https://*.zdusercontent.com'], scriptSources: ['https://static.zdassets.com'] },
    recordWindow: {
      recordPaths: ['/record/zendesk'],
      title: 'Recording in Zendesk',
      lead: 'When you stop, the link goes into your reply in Zendesk.',
      sendLabel: 'Add to reply',
    },
    package: { format: 'zendesk', file: 'app.zip' },
    // Zendesk's upload validator takes a location URL over https, or from localhost for trying it.
    address: 'https-or-localhost',
  },
  'front-app': {
    name: 'Front',
    platforms: ['front-app'],
    // Front's web app and its plugin frames; the plugin SDK is bundled, not loaded from Front.
    frame: { frameAncestors: ['https://*.frontapp.com', 'https://*.frontapplication.com'], scriptSources: [] },
    recordWindow: {
      recordPaths: ['/record/front', '/integration/front'],
      title: 'Recording now',
      lead: 'When you stop, the link goes into your draft in Front.',
      sendLabel: 'Add to draft',
    },
    recordingHandoff: ['front-app'],
    address: 'https',
  },
  'zoho-mail': {
    name: 'Zoho Mail',
    platforms: ['zoho-mail'],
    // SigmaSDK from Zoho's CDN (static.zohocdn.com.cn in the Chinese data centre).
    frame: { frameAncestors: ZOHO, scriptSources: ['https://static.zohocdn.com', 'https://static.zohocdn.com.cn'] },
    recordWindow: {
      recordPaths: ['/record/zoho-mail'],
      title: 'Recording in Zoho Mail',
      lead: 'When you stop, the link goes into your email in Zoho Mail.',
      sendLabel: 'Add to email',
    },
    recordingHandoff: ['zoho-mail'],
    package: { format: 'zoho-mail', file: 'app.zip' },
    address: 'https',
  },
  'google-meet': {
    name: 'Google Meet',
    platforms: ['google-meet'],
    // Meet's web client frames the side panel and the main stage (the add-on SDK is bundled).
    frame: { frameAncestors: ['https://meet.google.com'], scriptSources: [] },
    // GET /addons/meet (spec section 2): the side panel, the address the deployment names
    // (sidePanelUrl); its assets load from /hosts/google-meet/.
    entryPages: [{ path: '/addons/meet', file: 'side-panel.html', how: 'serve', what: 'add-on’s side panel' }],
    recordWindow: {
      recordPaths: ['/record/google-meet'],
      title: 'Recording for Google Meet',
      lead: 'When you stop, the link goes back to Meet, for the meeting chat or the main stage.',
      sendLabel: 'Copy for chat',
    },
    recordingHandoff: ['google-meet'],
    address: 'https',
    // Meet lists add-ons by origin.
    needs: ['origin-only'],
  },
  'chrome-extension': {
    name: 'Chrome extension',
    platforms: ['chrome-voice', 'chrome-voice-popup'],
    // The extension's pages are its own (chrome-extension://); nothing frames ours.
    frame: { frameAncestors: [], scriptSources: [] },
    package: { format: 'chrome-extension', file: 'extension.zip' },
    // It works with any address; people's browsers should still reach the server over https.
    address: 'https-recommended',
  },
  'google-docs': {
    name: 'Google Docs',
    // The Google Workspace add-on: the Docs sidebar, and Gmail's compose add-on on phones.
    platforms: ['google-docs', 'mobile'],
    // Docs frames an add-on's sidebar (HtmlService) in a sandbox on *.googleusercontent.com
    // (n-<hash>-script.googleusercontent.com), which frames our /record/google-workspace.
    frame: { frameAncestors: ['https://docs.google.com', 'https://*.googleusercontent.com'], scriptSources: [] },
    // The sidebar's page, part of the web app (apps/google-docs frames it).
    framedPages: ['/record/google-workspace'],
    // The sidebar's page is ours inside Google's frame, which has no microphone: it records in
    // this window and passes the message on to the add-on.
    recordWindow: {
      recordPaths: ['/record/google-workspace/window'],
      title: 'Recording for Google Docs',
      lead: 'When you stop, the link goes into your document in Google Docs.',
      sendLabel: 'Add to document',
    },
    // Apps Script runs no microphone: Gmail on phones and Docs hand the recording to our page.
    recordingHandoff: ['gmail', 'google-docs'],
    address: 'https',
    needs: ['file-origin'],
  },
} as const satisfies Record<string, HostAppEntry>;

export type HostAppRegistry = Readonly<Record<string, HostAppEntry>>;

/** The hosts, each with its id, in the registry's order. */
export const hostAppsOf = <Registry extends HostAppRegistry>(registry: Registry) =>
  Object.entries(registry).map(([id, entry]) => ({ id: id as keyof Registry & string, ...entry }));

/** Every platform value the host apps record with, in the registry's order. */
export const hostPlatformsOf = (registry: HostAppRegistry): string[] => Object.values(registry).flatMap((entry) => entry.platforms);

/** The host app whose own page (under /hosts/{id}/, an entry page or a framed page) `path` is, or null. */
export function hostAppOfPath(path: string, registry: HostAppRegistry = HOST_APPS): string | null {
  for (const [id, entry] of Object.entries(registry)) {
    const entryPages: readonly HostEntryPage[] = entry.entryPages ?? [];
    if (entry.framedPages?.includes(path) || entryPages.some((page) => page.path === path)) return id;
  }
  const id = /^\/hosts\/([^/]+)\//.exec(path)?.[1];
  return id && Object.hasOwn(registry, id) ? id : null;
}
