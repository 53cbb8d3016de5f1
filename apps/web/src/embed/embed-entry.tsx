import './embed.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { PublicListenPayload, ThemeVariables } from '@vocal/settings-model';
import { PublicPageGuard } from '../error-reporting/public-page-guard.tsx';
import { EmbedGone, EmbedPlayer } from './embed-player.tsx';

/**
 * The embed player's entry: the server put the validated payload in the page, as for the listen
 * page, with the palette of its theme already worked out (the owner's, or light for a gone one).
 */
type Embedded = (
  | { status: 200; payload: PublicListenPayload }
  | { status: 404 | 410; message: string }
  /** Password-protected (decision 0074): the player says so and links to the listen page, which asks for it. */
  | { status: 401; protected: true; id: string; message: string }
) & { theme: ThemeVariables };

const data = JSON.parse(document.getElementById('listen-data')?.textContent ?? 'null') as Embedded | null;
const root = document.getElementById('root');
if (root && data) {
  createRoot(root).render(
    <StrictMode>
      <PublicPageGuard>
        {data.status === 200 ? (
          <EmbedPlayer payload={data.payload} palette={data.theme} />
        ) : (
          <EmbedGone
            status={data.status}
            message={data.message}
            palette={data.theme}
            listenUrl={data.status === 401 ? `${window.location.origin}/listen/${encodeURIComponent(data.id)}` : undefined}
          />
        )}
      </PublicPageGuard>
    </StrictMode>,
  );
}
