import { GuideResourceView } from './guide-resource-view.tsx';
import type { HostGuide } from './host-guides.tsx';

/** One host app: what it does, then its install steps in order, each with what it hands out. */
export function IntegrationCard({ guide }: { guide: HostGuide }) {
  const titleId = `integration-${guide.id}`;
  return (
    <article id={guide.id} className="integration-card" aria-labelledby={titleId}>
      <header className="integration-card__header">
        <h2 id={titleId} className="settings-page__heading">
          {guide.name}
        </h2>
        <p className="integration-card__summary">{guide.summary}</p>
      </header>
      <h3 className="integration-card__steps-title">Install it</h3>
      <ol className="integration-card__steps">
        {guide.steps.map((step, index) => (
          <li key={index} className="integration-card__step">
            <p>{step.text}</p>
            {step.resources?.map((resource) => (
              <GuideResourceView key={resource.url} resource={resource} />
            ))}
          </li>
        ))}
      </ol>
    </article>
  );
}
