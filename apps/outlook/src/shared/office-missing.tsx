import { BrandHeader } from '@vocal/host-shell';

/** Shown when office.js did not load, or the page was opened outside Outlook. */
export function OfficeMissing({ message }: { message: string }) {
  return (
    <div className="taskpane">
      <BrandHeader />
      <section className="signed-out" aria-labelledby="office-missing-title">
        <h1 id="office-missing-title" className="signed-out__title">
          Open Vocal from Outlook
        </h1>
        <p className="signed-out__lead">{message}</p>
      </section>
    </div>
  );
}
