import './sidebar/sidebar.css';
import type { ReactNode } from 'react';
import { APP_VERSION } from '@vocal/settings-model';
import { Spinner } from '@vocal/ui-kit';
import { createHostApi, lendHostSession, renderPage, withPopupWindows } from '@vocal/host-shell';
import { ZendeskLook } from './host/garden/zendesk-look.tsx';
import type { ZafClient } from './host/zaf-client.ts';
import { connectToZendesk } from './host/zaf-runtime.ts';
import { createZendeskAdapter } from './host/zendesk-adapter.ts';
import { useFitFrame } from './host/use-fit-frame.ts';
import { useZendeskColorScheme } from './host/use-zendesk-color-scheme.ts';
import { OutsideZendesk } from './sidebar/outside-zendesk.tsx';
import { SidebarApp } from './sidebar/sidebar-app.tsx';

/** Every page of the sidebar in Zendesk's look, in the agent's colour scheme, its frame as tall as it is. */
function Page({ client, children }: { client: ZafClient | null; children: ReactNode }) {
  const fit = useFitFrame(client);
  return (
    <ZendeskLook scheme={useZendeskColorScheme(client)}>
      <div ref={fit}>{children}</div>
    </ZendeskLook>
  );
}

renderPage(
  <Page client={null}>
    <div className="page-loading">
      <Spinner label="Starting Vocal" />
    </div>
  </Page>,
);

const connection = await connectToZendesk();
if (connection.status === 'outside-zendesk') {
  renderPage(
    <Page client={null}>
      <OutsideZendesk reason={connection.reason} />
    </Page>,
  );
} else {
  const { client } = connection;
  const hostApi = createHostApi();
  const zendesk = createZendeskAdapter(client);
  // The record window borrows this sidebar's session, titles its message from the ticket as it
  // is then, and files it in the ticket.
  const adapter = withPopupWindows(
    zendesk,
    lendHostSession(hostApi, () => zendesk.ready()),
  );
  renderPage(
    <Page client={client}>
      <SidebarApp adapter={adapter} api={hostApi.api} pageUrl={window.location.href} />
    </Page>,
  );
  // Spec section 1: on startup the app logs that it was initialized.
  console.info(`Vocal Zendesk app ${APP_VERSION} initialized`);
}
