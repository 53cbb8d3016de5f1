import type { ReactNode } from 'react';
import { hostAppAddress, type HostAppId } from './host-app-address.ts';

/** Something a host needs from this server: a file to download, or an address to paste. */
export type GuideResource =
  { kind: 'download'; label: string; url: string; fileName: string } | { kind: 'address'; label: string; url: string };

/** One numbered install step, with what it hands the person, if anything. */
export type InstallStep = { text: ReactNode; resources?: GuideResource[] };

/** How to install one host app: what it does in a line, then the steps in that host's own words. */
export type HostGuide = { id: HostAppId; name: string; summary: string; steps: InstallStep[] };

/** The sign-in that ends every guide: the host app has its own session, kept in memory. */
const SIGN_IN_ONCE = 'Sign in with your Vocal account the first time.';

/**
 * The install guide of every host app, with the downloads and addresses of the server at
 * `origin`. The steps follow each app's README (apps/<id>/README.md), which says why.
 */
export function hostGuides(origin: string): HostGuide[] {
  const address = (host: HostAppId, file: string) => hostAppAddress(origin, host, file);
  return [
    {
      id: 'outlook',
      name: 'Outlook',
      summary: 'A Voice message button in the ribbon of every email you write: the link goes in where your cursor is.',
      steps: [
        {
          text: 'Download the app package: the add-in’s manifest, filled in with this server’s address, and its two icons.',
          resources: [
            { kind: 'download', label: 'Download the Outlook package', url: address('outlook', 'app.zip'), fileName: 'vocal-outlook.zip' },
            { kind: 'address', label: 'Outlook manifest address', url: address('outlook', 'manifest.json') },
          ],
        },
        {
          text: (
            <>
              For everyone in your organisation: a Global Administrator opens the Microsoft 365 admin center (admin.microsoft.com),{' '}
              <strong>Settings → Integrated apps → Upload custom apps</strong>, and uploads the package. Choose who gets it (
              <strong>Just me</strong> to try it, <strong>Entire organization</strong>, or <strong>Specific users/groups</strong>), accept
              the permissions and finish the deployment. It can take up to a day to reach everyone’s Outlook.
            </>
          ),
        },
        {
          text: (
            <>
              To try it alone first, without an administrator: in Teams, choose{' '}
              <strong>Apps → Manage your apps → Upload an app → Upload a custom app</strong> and pick the zip (the add-in comes with it).
            </>
          ),
        },
        {
          text: (
            <>
              Write an email and choose <strong>Voice message</strong> in the ribbon (in Outlook on the web, under <strong>Apps</strong>).{' '}
              {SIGN_IN_ONCE}
            </>
          ),
        },
      ],
    },
    {
      id: 'ms-teams',
      name: 'Microsoft Teams',
      summary: 'Record in a Teams tab, then send the link to any chat or channel from Teams’ own share box.',
      steps: [
        {
          text: 'Download the app package: the Teams app manifest, filled in with this server’s address, and its two icons.',
          resources: [
            { kind: 'download', label: 'Download the Teams package', url: address('ms-teams', 'app.zip'), fileName: 'vocal-ms-teams.zip' },
          ],
        },
        {
          text: (
            <>
              For everyone in your organisation: a Teams administrator opens the Teams admin center (admin.teams.microsoft.com),{' '}
              <strong>Teams apps → Manage apps → Upload new app</strong>, and uploads the zip. To put Vocal in everyone’s app bar, add it
              under <strong>Teams apps → Setup policies → Global → Installed apps</strong> (and <strong>Pinned apps</strong>); the
              organisation’s app permission policy must allow custom apps.
            </>
          ),
        },
        {
          text: (
            <>
              To try it alone first: in Teams, choose <strong>Apps → Manage your apps → Upload an app → Upload a custom app</strong>, pick
              the zip, then <strong>Add</strong>.
            </>
          ),
        },
        {
          text: (
            <>
              In a channel or chat: <strong>+</strong> (Add a tab) → <strong>Vocal</strong>, name the tab, then <strong>Save</strong>.
            </>
          ),
        },
        {
          text: `Record, then choose the chat or channel in Teams’ share box. ${SIGN_IN_ONCE} On a phone, Teams opens the recorder in your browser and the link comes back to Teams.`,
        },
      ],
    },
    {
      id: 'zendesk',
      name: 'Zendesk',
      summary: 'Record in the ticket sidebar: the link, with your signature, goes into your reply to the customer.',
      steps: [
        {
          text: 'Download the app package: its manifest, filled in with this server’s address, its translations and logos.',
          resources: [
            { kind: 'download', label: 'Download the Zendesk package', url: address('zendesk', 'app.zip'), fileName: 'vocal-zendesk.zip' },
          ],
        },
        {
          text: (
            <>
              As a Zendesk admin, in Admin Center: <strong>Apps and integrations → Apps → Zendesk Support apps → Upload private app</strong>
              . Name it Vocal, choose the zip, <strong>Upload</strong>, then <strong>Install</strong>. Private apps need the Suite Growth or
              Support Professional plan or above.
            </>
          ),
        },
        {
          text: (
            <>
              In the app’s settings, <strong>Show a preview image</strong> puts the message’s card under the link (off at first). Limit the
              app to some roles or groups there if you like.
            </>
          ),
        },
        {
          text: <>Open a ticket: Vocal is in the apps panel on the right. {SIGN_IN_ONCE}</>,
        },
      ],
    },
    {
      id: 'front-app',
      name: 'Front',
      summary: 'Record in Front’s sidebar: the link goes into the reply you are writing, or starts one.',
      steps: [
        {
          text: (
            <>
              As a company admin in Front: <strong>Settings</strong>, then <strong>Company → Developers</strong>, and{' '}
              <strong>Create app</strong>.
            </>
          ),
        },
        { text: 'Name it Vocal, give it a short description (teammates see both), and save.' },
        {
          text: (
            <>
              On the app’s <strong>Features</strong> tab, add a <strong>Plugin</strong>, choose the <strong>Sidebar</strong> location, paste
              this address as the plugin’s URL, and save.
            </>
          ),
          resources: [{ kind: 'address', label: 'Front plugin address', url: address('front-app', 'sidebar.html') }],
        },
        {
          text: (
            <>
              Open a conversation and choose Vocal in the integrations sidebar on the right (<strong>Manage</strong> there pins it).{' '}
              {SIGN_IN_ONCE} Front runs plugins in a sandbox: when it gives Vocal no microphone, recording opens in your browser and the
              link comes back to the draft.
            </>
          ),
        },
      ],
    },
    {
      id: 'zoho-mail',
      name: 'Zoho Mail',
      summary: 'Record in Zoho Mail’s widget panel: the link, with your signature, goes into the email you are writing.',
      steps: [
        {
          text: 'Download the extension package: the whole widget, which Zoho hosts, set up to talk to this server.',
          resources: [
            {
              kind: 'download',
              label: 'Download the Zoho Mail package',
              url: address('zoho-mail', 'app.zip'),
              fileName: 'vocal-zoho-mail.zip',
            },
          ],
        },
        {
          text: (
            <>
              In Zoho Mail: <strong>Settings → Integrations → Developer Space → Develop Extension</strong>, which opens Zoho Sigma. Create a
              workspace, choose <strong>New Extension</strong>, name it Vocal, pick <strong>Zoho Mail</strong> as the service and{' '}
              <strong>Save as Draft</strong>.
            </>
          ),
        },
        {
          text: 'In the extension, upload vocal-zoho-mail.zip as its package, then install it for yourself as a private extension to try it.',
        },
        {
          text: (
            <>
              For everyone in your organisation: an administrator allows it in the Zoho Mail Admin Console, under{' '}
              <strong>Other App Settings → Integrations and Extensions</strong>.
            </>
          ),
        },
        {
          text: (
            <>
              Open Vocal in Zoho Mail’s widget panel while you write, or from the compose window’s attachment picker (there it copies the
              link for you to paste). {SIGN_IN_ONCE}
            </>
          ),
        },
      ],
    },
    {
      id: 'google-meet',
      name: 'Google Meet',
      summary: 'Record in a meeting’s side panel, then paste the link into the chat or play it on the main stage for everyone.',
      steps: [
        {
          text: (
            <>
              In the Google Cloud console, create a project (or choose one) and note its <strong>project number</strong>. Enable the{' '}
              <strong>Google Workspace Marketplace SDK</strong> and the <strong>Google Workspace add-ons API</strong> in it.
            </>
          ),
        },
        {
          text: (
            <>
              Open the add-on’s deployment file, filled in with this server’s address, and replace <code>CLOUD_PROJECT_NUMBER</code> in it
              with that project number.
            </>
          ),
          resources: [{ kind: 'address', label: 'Meet deployment file address', url: address('google-meet', 'manifest.json') }],
        },
        {
          text: (
            <>
              In the Marketplace SDK: <strong>HTTP deployments → Create new deployment</strong>, name it Vocal and paste the file.{' '}
              <strong>Install</strong> on the deployment tries it yourself.
            </>
          ),
        },
        {
          text: (
            <>
              For everyone in your domain, a private listing: in the Marketplace SDK’s <strong>App configuration</strong>, choose{' '}
              <strong>Private</strong> visibility and the Meet add-on with this deployment; fill the <strong>Store listing</strong> and{' '}
              <strong>Publish</strong>. A Google Workspace administrator then installs it from the Admin console (admin.google.com):{' '}
              <strong>Apps → Google Workspace Marketplace apps → Apps list → Install app</strong>, for everyone or chosen groups.
            </>
          ),
        },
        {
          text: (
            <>
              In a meeting, open <strong>Activities → Vocal</strong>. {SIGN_IN_ONCE}
            </>
          ),
        },
      ],
    },
    {
      id: 'chrome-extension',
      name: 'Gmail in Chrome',
      summary:
        'A microphone button beside Send in every Gmail email you write, and one in Chrome’s toolbar: the link goes in where your cursor is.',
      steps: [
        {
          text: 'Download the extension: it is set up to talk to this server.',
          resources: [
            {
              kind: 'download',
              label: 'Download the Chrome extension',
              url: address('chrome-extension', 'extension.zip'),
              fileName: 'vocal-chrome-extension.zip',
            },
          ],
        },
        {
          text: (
            <>
              Unzip it. In Chrome, open <code>chrome://extensions</code>, turn on <strong>Developer mode</strong>, choose{' '}
              <strong>Load unpacked</strong> and pick the unzipped folder.
            </>
          ),
        },
        {
          text: (
            <>
              For everyone in your organisation: upload the zip as a new item in the Chrome Web Store’s <strong>Developer Dashboard</strong>
              , with visibility <strong>Private</strong> to your Google Workspace domain. Once it is published, an administrator installs it
              for everyone from the Google Admin console: <strong>Chrome browser → Apps & extensions → Users & browsers</strong>, add it
              from the Chrome Web Store by its ID, and set its installation policy to <strong>Force install</strong>.
            </>
          ),
        },
        {
          text: (
            <>
              Write an email in Gmail and press the microphone beside <strong>Send</strong>. {SIGN_IN_ONCE} A tab of this server opens for
              it; Chrome asks for the microphone once, in a tab of the extension.
            </>
          ),
        },
      ],
    },
    {
      id: 'google-docs',
      name: 'Google Docs and Gmail',
      summary:
        'A sidebar in Google Docs that puts the link where your cursor is, and Record a voice message in Gmail’s compose window, on phones too.',
      steps: [
        {
          text: 'Open the add-on’s three files on this server: its manifest (filled in with this server’s address), its code and its sidebar.',
          resources: [
            { kind: 'address', label: 'Apps Script manifest address', url: address('google-docs', 'appsscript.json') },
            { kind: 'address', label: 'Apps Script code address', url: address('google-docs', 'Code.js') },
            { kind: 'address', label: 'Sidebar page address', url: address('google-docs', 'sidebar.html') },
          ],
        },
        {
          text: (
            <>
              At script.google.com, create a <strong>New project</strong> named Vocal. In <strong>Project Settings</strong>, tick{' '}
              <strong>Show “appsscript.json” manifest file in editor</strong>, then paste each file into the file of the same name (add an
              HTML file named <code>sidebar</code>). Developers can push the same files with clasp instead.
            </>
          ),
        },
        {
          text: (
            <>
              In <strong>Project Settings → Script properties</strong>, add <code>VOCAL_URL</code> with this server’s address.
            </>
          ),
          resources: [{ kind: 'address', label: 'This server’s address', url: new URL('/', origin).href }],
        },
        {
          text: (
            <>
              <strong>Deploy → Test deployments</strong>: install the Google Workspace add-on for Gmail, and run the Editor add-on on a test
              document. For everyone in your domain, a private listing: <strong>Deploy → New deployment</strong> (an add-on), then in the
              Google Workspace Marketplace SDK’s <strong>App configuration</strong> choose <strong>Private</strong> visibility, give it the
              deployment, fill the <strong>Store listing</strong> and <strong>Publish</strong>; an administrator installs it for everyone
              from the Admin console (<strong>Apps → Google Workspace Marketplace apps</strong>).
            </>
          ),
        },
        {
          text: (
            <>
              In a document, choose <strong>Extensions → Vocal → Record a voice message</strong>; in Gmail, write an email and choose Vocal
              in the compose toolbar. {SIGN_IN_ONCE}
            </>
          ),
        },
      ],
    },
  ];
}

/** Every download and address a guide hands out. */
export function resourcesOf(guide: HostGuide): GuideResource[] {
  return guide.steps.flatMap((step) => step.resources ?? []);
}
