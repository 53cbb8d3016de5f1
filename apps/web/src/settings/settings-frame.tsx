import './settings.css';
import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';

export type SettingsFrameProps = {
  title: string;
  /** One sentence under the title: what this page changes. */
  description: ReactNode;
  /** Wider pages hold a form and its live preview side by side on desktop. */
  wide?: boolean;
  children: ReactNode;
};

/** The frame every settings page shares: a way back to the hub, the title, what the page is for. */
export function SettingsFrame({ title, description, wide, children }: SettingsFrameProps) {
  const titleId = useId();
  return (
    <section className={wide ? 'settings-page settings-page--wide' : 'settings-page'} aria-labelledby={titleId}>
      <header className="page-header">
        <div>
          <Link href="/settings" className="settings-frame__back">
            <span aria-hidden="true">←</span> Settings
          </Link>
          <h1 id={titleId} className="page-header__title">
            {title}
          </h1>
          <p className="page-header__meta">{description}</p>
        </div>
      </header>
      {children}
    </section>
  );
}

/** One titled group of fields on a settings page. */
export function SettingsGroup({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="settings-page__group" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-page__heading">
        {title}
      </h2>
      {hint ? <p className="settings-page__hint">{hint}</p> : null}
      {children}
    </section>
  );
}
