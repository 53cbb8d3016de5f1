import { BrandHeader } from '@vocal/host-shell';

/** Shown when the page was opened outside Front, or Front did not answer. */
export function FrontMissing({ message }: { message: string }) {
  return (
    <main className="front-sidebar">
      <BrandHeader />
      <section className="front-signed-out" aria-labelledby="front-missing-title">
        <h1 id="front-missing-title" className="front-signed-out__title">
          Open Vocal from Front
        </h1>
        <p className="front-muted">{message}</p>
      </section>
    </main>
  );
}
