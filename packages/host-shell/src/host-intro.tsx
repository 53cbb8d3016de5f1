import './host-intro.css';
import { useId, type ReactNode } from 'react';

/**
 * A panel's opening block when there is nothing to record yet: a title, a line under it, and
 * what the host app adds (a sign-in button, a hint in `host-intro__hint`).
 */
export function HostIntro({ title, lead, children }: { title: string; lead: ReactNode; children?: ReactNode }) {
  const titleId = useId();
  return (
    <section className="host-intro" aria-labelledby={titleId}>
      <h1 id={titleId} className="host-intro__title">
        {title}
      </h1>
      <p className="host-intro__lead">{lead}</p>
      {children}
    </section>
  );
}
