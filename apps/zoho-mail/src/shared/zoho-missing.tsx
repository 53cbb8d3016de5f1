import { BrandHeader } from '@vocal/host-shell';

/** Shown when Zoho's SDK did not load or did not start the widget (the page opened outside Zoho Mail). */
export function ZohoMissing({ message }: { message: string }) {
  return (
    <main className="widget">
      <BrandHeader />
      <section className="widget__intro" aria-labelledby="zoho-missing-title">
        <h1 id="zoho-missing-title" className="widget__title">
          Open Vocal from Zoho Mail
        </h1>
        <p className="widget__lead">{message}</p>
      </section>
    </main>
  );
}
