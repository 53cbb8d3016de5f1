import { BrandHeader } from '@vocal/host-shell';

/** Shown when the page was opened outside Teams, or Teams did not answer. */
export function NotInTeams({ message }: { message: string }) {
  return (
    <main className="teams-page">
      <BrandHeader />
      <section className="signed-out" aria-labelledby="not-in-teams-title">
        <h1 id="not-in-teams-title" className="signed-out__title">
          Open Vocal from Teams
        </h1>
        <p className="signed-out__lead">{message}</p>
      </section>
    </main>
  );
}
