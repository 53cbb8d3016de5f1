import { GuideResourceView } from './guide-resource-view.tsx';
import type { InstallStep } from './host-guides.tsx';

/** A host app's install steps in order, each with what it hands out (a download, an address to copy). */
export function InstallSteps({ steps }: { steps: InstallStep[] }) {
  return (
    <ol className="integration-card__steps">
      {steps.map((step, index) => (
        <li key={index} className="integration-card__step">
          <p>{step.text}</p>
          {step.resources?.map((resource) => (
            <GuideResourceView key={resource.url} resource={resource} />
          ))}
        </li>
      ))}
    </ol>
  );
}
