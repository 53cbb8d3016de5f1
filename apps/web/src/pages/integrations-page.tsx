import '../integrations/integrations.css';
import { isSecureOrigin } from '../integrations/host-app-address.ts';
import { hostGuides } from '../integrations/host-guides.tsx';
import { IntegrationCard } from '../integrations/integration-card.tsx';

/**
 * Where people learn to record inside the tools they already write in: one card per host app
 * this server serves, with its downloads and addresses taken from the address the page is on.
 */
export default function IntegrationsPage() {
  const origin = window.location.origin;
  const guides = hostGuides(origin);
  return (
    <section className="settings-page" aria-labelledby="integrations-title">
      <header className="page-header">
        <div>
          <h1 id="integrations-title" className="page-header__title">
            Integrations
          </h1>
          <p className="page-header__meta">Record where you write: the link goes straight into your email, ticket reply or chat.</p>
        </div>
      </header>
      {isSecureOrigin(origin) ? null : (
        <p className="notice integrations-notice" role="note">
          This server answers at {origin}. Outlook, Teams, Zendesk, Front and Zoho Mail load apps only from https:// addresses, so these
          apps work in them once the server is reached over HTTPS.
        </p>
      )}
      <nav className="integrations-jump" aria-label="Integrations on this page">
        <ul className="integrations-jump__list">
          {guides.map((guide) => (
            <li key={guide.id}>
              <a className="integrations-jump__link" href={`#${guide.id}`}>
                {guide.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="integrations-list">
        {guides.map((guide) => (
          <IntegrationCard key={guide.id} guide={guide} />
        ))}
      </div>
    </section>
  );
}
