import { BrandHeader } from './brand-header.tsx';
import { HostIntro } from './host-intro.tsx';

/**
 * Shown when a host app's page was opened outside its host, or the host did not answer: which
 * host to open it from, and why. `className` is the app's own page frame.
 */
export function OutsideHost({ title, message, className }: { title: string; message: string; className: string }) {
  return (
    <main className={className}>
      <BrandHeader />
      <HostIntro title={title} lead={message} />
    </main>
  );
}
