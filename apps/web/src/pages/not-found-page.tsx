import { usePageTitle } from '../components/use-page-title.ts';

/** 404: the title is the status and its message (spec section 2); no canonical link. */
export function NotFoundPage({ title, message }: { title: string; message: string }) {
  usePageTitle(title);
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-page__code">404</p>
      <h1 id="error-title" className="error-page__title">
        {message}
      </h1>
      <p className="error-page__text">The address may be mistyped, or the page has moved.</p>
      <a className="error-page__link" href="/">
        Go to your recordings
      </a>
    </section>
  );
}
