import '../integrations/integrations.css';
import { isSecureOrigin } from '../integrations/host-app-address.ts';
import { hostGuides } from '../integrations/host-guides.tsx';
import { requirementsOf } from '../integrations/host-requirements.ts';
import { IntegrationCard } from '../integrations/integration-card.tsx';
import { useIntegrationReadiness } from '../integrations/use-integration-readiness.ts';

/**
 * Where people learn to record inside the tools they already write in: one card per host app
 * this server serves, saying whether this server is ready for it, each leading to its own page
 * with the steps (/integrations/:host).
 */
export default function IntegrationsPage() {
  const origin = window.location.origin;
  const guides = hostGuides(origin);
  const state = useIntegrationReadiness();
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
          This server answers at {origin}. Outlook, Teams, Zendesk, Front, Zoho Mail and Google load apps only from https:// addresses, so
          these apps work in them once the server is reached over HTTPS.
        </p>
      )}
      {state.status === 'failed' ? (
        <p className="notice integrations-notice" role="alert">
          Vocal could not check this server’s setup: {state.message}
        </p>
      ) : null}
      <div className="integrations-grid">
        {guides.map((guide) => (
          <IntegrationCard
            key={guide.id}
            guide={guide}
            requirements={state.status === 'ready' ? requirementsOf(guide.id, guide.name, state.readiness) : null}
          />
        ))}
      </div>
    </section>
  );
}
