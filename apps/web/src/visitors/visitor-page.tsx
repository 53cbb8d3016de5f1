import type { ReactNode } from 'react';
import type { PublicUser, Theme } from '@vocal/settings-model';
import { ThemeProvider } from '@vocal/ui-kit';

/**
 * The frame of a visitor's page: the owner's theme, who it is for, and the Free plan's branding.
 * `preview`: shown inside a settings page, where it is not the page's main landmark.
 */
export function VisitorPage(props: {
  preview?: boolean;
  theme: Theme;
  user: PublicUser;
  name: string;
  title: string;
  subtitle?: string;
  branding: boolean;
  children: ReactNode;
}) {
  const Main = props.preview ? 'div' : 'main';
  return (
    <ThemeProvider theme={props.theme} className="visitor-page">
      <Main className="visitor-page__main">
        <article className="visitor-card" aria-labelledby="visitor-title">
          <header className="visitor-card__header">
            {props.user.avatarUrl ? (
              <img className="listen-card__avatar" src={props.user.avatarUrl} alt="" width={48} height={48} />
            ) : (
              <span className="listen-card__avatar listen-card__avatar--initial" aria-hidden="true">
                {props.name.charAt(0).toUpperCase()}
              </span>
            )}
            <div>
              <h1 id="visitor-title" className="visitor-card__title">
                {props.title}
              </h1>
              {props.subtitle ? <p className="visitor-card__subtitle">{props.subtitle}</p> : null}
            </div>
          </header>
          {props.children}
        </article>
        {props.branding ? (
          <p className="listen-page__branding">
            Powered by <a href="/signup">Vocal</a>. Get your own voice contact form, free.
          </p>
        ) : null}
      </Main>
    </ThemeProvider>
  );
}

/** `closed`: the page is there but not open to visitors yet (its owner has not confirmed their address). */
export function VisitorPageGone({ message, closed = false }: { message: string; closed?: boolean }) {
  return (
    <main className="listen-page listen-page--state">
      <section className="error-page">
        <h1 className="error-page__title">{closed ? 'Not open yet' : 'This page is not here'}</h1>
        <p className="error-page__text">{message}</p>
      </section>
    </main>
  );
}
