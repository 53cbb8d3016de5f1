import type { Requirement } from './host-requirements.ts';

/** What a host app needs of this server, each with whether this server has it. */
export function RequirementList({ requirements }: { requirements: Requirement[] }) {
  return (
    <ul className="requirement-list">
      {requirements.map((need) => {
        const state = need.met ? 'met' : need.optional ? 'optional' : 'missing';
        const status = need.met ? 'Ready' : need.optional ? 'Optional, not set' : 'Missing';
        return (
          <li key={need.id} className={`requirement requirement--${state}`}>
            <StateIcon state={state} />
            <div className="requirement__text">
              <p className="requirement__label">
                {need.label} <span className="requirement__status">{status}</span>
              </p>
              <p className="requirement__detail">{need.detail}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function StateIcon({ state }: { state: 'met' | 'optional' | 'missing' }) {
  const path = state === 'met' ? 'M7 12.5l3.2 3.2L17 9' : state === 'missing' ? 'M12 7.5v5.5M12 16.5v.01' : 'M8 12h8';
  return (
    <svg className="requirement__icon" aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none">
      <circle cx="12" cy="12" r="11" />
      <path d={path} strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
