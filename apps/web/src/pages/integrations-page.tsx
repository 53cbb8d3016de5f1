import { CopyLinkField } from '@vocal/ui-kit';

/**
 * Where people learn to record inside the tools they already write in: one card per host app
 * this server serves. A host joins the list when its app is built, so no card leads nowhere.
 */
export default function IntegrationsPage() {
  const outlookManifest = `${window.location.origin}/hosts/outlook/manifest.json`;
  const outlookFiles = `${window.location.origin}/hosts/outlook/`;
  return (
    <section className="settings-page" aria-labelledby="integrations-title">
      <header className="page-header">
        <div>
          <h1 id="integrations-title" className="page-header__title">
            Integrations
          </h1>
          <p className="page-header__meta">Record where you write: the link goes straight into your email.</p>
        </div>
      </header>
      <article className="integration-card" aria-labelledby="integration-outlook">
        <h2 id="integration-outlook" className="settings-page__heading">
          Outlook
        </h2>
        <p>
          A <strong>Voice message</strong> button in the ribbon of every email you write. The link to your message goes into the email where
          your cursor is.
        </p>
        <h3 className="integration-card__steps-title">Install it</h3>
        <ol className="integration-card__steps">
          <li>
            Download the{' '}
            <a href={`${outlookFiles}manifest.json`} download>
              manifest
            </a>{' '}
            and its two icons,{' '}
            <a href={`${outlookFiles}color.png`} download>
              color.png
            </a>{' '}
            and{' '}
            <a href={`${outlookFiles}outline.png`} download>
              outline.png
            </a>
            , and put the three files in one zip.
          </li>
          <li>
            In Teams or Outlook, open <strong>Apps → Manage your apps → Upload an app → Upload a custom app</strong> and choose the zip. An
            administrator can add it for everyone in the Microsoft 365 admin center, under <strong>Integrated apps</strong>.
          </li>
          <li>Write an email and press Voice message in the ribbon; sign in once with this account.</li>
        </ol>
        <CopyLinkField url={outlookManifest} label="Manifest address" />
      </article>
    </section>
  );
}
