import { BrandHeader } from '@vocal/host-shell';
import { SidebarText, SidebarTitle } from '../host/garden/sidebar-controls.tsx';

/** Shown when ZAF did not load or Zendesk never registered the app: the page was opened outside a ticket. */
export function OutsideZendesk({ reason }: { reason: string }) {
  return (
    <main className="sidebar">
      <BrandHeader />
      <section className="sidebar__section" aria-labelledby="outside-title">
        <SidebarTitle id="outside-title">Open Vocal from a Zendesk ticket</SidebarTitle>
        <SidebarText>{reason}</SidebarText>
      </section>
    </main>
  );
}
