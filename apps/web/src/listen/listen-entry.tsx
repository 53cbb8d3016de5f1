import '../app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { PublicListenPayload } from '@vocal/settings-model';
import { PublicPageGuard } from '../error-reporting/public-page-guard.tsx';
import { ListenGone, type GoneSender } from './listen-gone.tsx';
import { ListenView } from './listen-view.tsx';

/**
 * The listen page as visitors get it: the server validated the payload and put it in the
 * page, so this entry needs neither the API client nor its schemas, and stays small.
 */
type Embedded = { status: 200; payload: PublicListenPayload } | { status: 404 | 410; message: string; sender?: GoneSender | null };

const data = JSON.parse(document.getElementById('listen-data')?.textContent ?? 'null') as Embedded | null;
const root = document.getElementById('root');
if (root && data) {
  createRoot(root).render(
    <StrictMode>
      <PublicPageGuard>
        {data.status === 200 ? (
          <ListenView payload={data.payload} />
        ) : (
          <ListenGone status={data.status} message={data.message} sender={data.sender} />
        )}
      </PublicPageGuard>
    </StrictMode>,
  );
}
