/** A page of the route table whose screen is not built yet: it says so plainly. */
export function plannedPage(title: string) {
  return function PlannedPage() {
    return (
      <section className="planned-page">
        <h1>{title}</h1>
        <p>This page is on its way. Everything else keeps working meanwhile.</p>
        <a href="/">Back to your recordings</a>
      </section>
    );
  };
}
