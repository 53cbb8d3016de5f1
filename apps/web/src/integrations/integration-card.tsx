import { Link } from 'wouter';
import { ButtonLink } from '@vocal/ui-kit';
import type { HostGuide } from './host-guides.tsx';
import { missingCount, type Requirement } from './host-requirements.ts';

/** What the card says of this server's readiness for the host: nothing while it loads. */
function readinessLine(requirements: Requirement[] | null) {
  if (!requirements) return null;
  const missing = missingCount(requirements);
  return (
    <p className={`integration-card__readiness integration-card__readiness--${missing ? 'missing' : 'met'}`}>
      {missing === 0 ? 'Ready on this server' : `${missing} ${missing === 1 ? 'thing' : 'things'} to set up on this server`}
    </p>
  );
}

/** One host app on /integrations: what it does, whether this server is ready for it, and the way to its page. */
export function IntegrationCard({ guide, requirements }: { guide: HostGuide; requirements: Requirement[] | null }) {
  const titleId = `integration-${guide.id}`;
  return (
    <article id={guide.id} className="integration-card" aria-labelledby={titleId}>
      <header className="integration-card__header">
        <h2 id={titleId} className="settings-page__heading">
          {guide.name}
        </h2>
        <p className="integration-card__summary">{guide.summary}</p>
      </header>
      {readinessLine(requirements)}
      <Link href={`/integrations/${guide.id}`} asChild>
        <ButtonLink variant="secondary" className="integration-card__open">
          Set up {guide.name}
        </ButtonLink>
      </Link>
    </article>
  );
}
