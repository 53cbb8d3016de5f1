import '../integrations/integrations.css';
import { Link } from 'wouter';
import { hostAppIdSchema } from '@vocal/settings-model';
import { Spinner } from '@vocal/ui-kit';
import { usePageTitle } from '../components/use-page-title.ts';
import { hostGuides } from '../integrations/host-guides.tsx';
import { missingCount, requirementsOf } from '../integrations/host-requirements.ts';
import { InstallSteps } from '../integrations/install-steps.tsx';
import { RequirementList } from '../integrations/requirement-list.tsx';
import { useIntegrationReadiness } from '../integrations/use-integration-readiness.ts';
import { useRouteParam } from '../routes/route-params.ts';

/**
 * /integrations/:host: one host app's page. First what the host needs of this server and
 * whether it has it (GET /api/integrations), then the steps an administrator takes in that
 * host, with this server's downloads and addresses.
 */
export default function IntegrationHostPage() {
  const id = hostAppIdSchema.parse(useRouteParam('host'));
  const guide = hostGuides(window.location.origin).find((candidate) => candidate.id === id)!;
  const state = useIntegrationReadiness();
  usePageTitle(`${guide.name} · Integrations`);
  const requirements = state.status === 'ready' ? requirementsOf(guide.id, guide.name, state.readiness) : null;
  const missing = requirements ? missingCount(requirements) : 0;

  return (
    <section className="settings-page integration-page" aria-labelledby="integration-title">
      <nav aria-label="Breadcrumb" className="integration-page__crumbs">
        <Link href="/integrations">Integrations</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{guide.name}</span>
      </nav>
      <header className="page-header">
        <div>
          <h1 id="integration-title" className="page-header__title">
            {guide.name}
          </h1>
          <p className="page-header__meta">{guide.summary}</p>
        </div>
      </header>

      <section className="integration-card" aria-labelledby="integration-needs">
        <h2 id="integration-needs" className="settings-page__heading">
          What this server needs
        </h2>
        {state.status === 'loading' ? <Spinner label="Checking this server" /> : null}
        {state.status === 'failed' ? (
          <p className="notice integrations-notice" role="alert">
            Vocal could not check this server’s setup: {state.message}
          </p>
        ) : null}
        {requirements ? (
          <>
            <p className={`integration-card__readiness integration-card__readiness--${missing ? 'missing' : 'met'}`}>
              {missing === 0
                ? `This server has everything ${guide.name} needs.`
                : `Set ${missing === 1 ? 'this' : 'these'} up on the server before installing: ${guide.name} cannot load Vocal without ${missing === 1 ? 'it' : 'them'}.`}
            </p>
            <RequirementList requirements={requirements} />
          </>
        ) : null}
      </section>

      <section className="integration-card" aria-labelledby="integration-steps">
        <h2 id="integration-steps" className="settings-page__heading">
          Install it
        </h2>
        <InstallSteps steps={guide.steps} />
      </section>
    </section>
  );
}
