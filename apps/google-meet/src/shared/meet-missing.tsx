import { BrandHeader } from '@vocal/host-shell';

/** Shown when the page was opened outside Meet, or Meet did not answer. */
export function MeetMissing({ title = 'Open Vocal from Google Meet', message }: { title?: string; message: string }) {
  return (
    <main className="meet-panel">
      <BrandHeader />
      <section className="meet-signed-out" aria-labelledby="meet-missing-title">
        <h1 id="meet-missing-title" className="meet-signed-out__title">
          {title}
        </h1>
        <p className="meet-muted">{message}</p>
      </section>
    </main>
  );
}
