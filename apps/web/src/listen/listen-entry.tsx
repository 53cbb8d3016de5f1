import '../app.css';
import { lazy, StrictMode, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { PublicListenPayload } from '@vocal/settings-model';
import { PublicPageGuard } from '../error-reporting/public-page-guard.tsx';
import type { ArrivalOutcome } from './listen-arriving.tsx';
import { ListenGone, type GoneSender } from './listen-gone.tsx';
import { ListenView } from './listen-view.tsx';

/**
 * The listen page as visitors get it: the server validated the payload and put it in the
 * page, so this entry needs neither the API client nor its schemas, and stays small.
 */
type Embedded =
  | { status: 200; payload: PublicListenPayload }
  /** Its recording is still streaming in (decision 0070). */
  | { status: 202; id: string; message: string }
  | { status: 404 | 410; message: string; sender?: GoneSender | null }
  /** Password-protected (decision 0074): nothing of the message is in the page. */
  | { status: 401; protected: true; id: string; message: string };

/** Only a link opened before its message is complete needs this: the usual page does not load it. */
const ListenArriving = lazy(async () => ({ default: (await import('./listen-arriving.tsx')).ListenArriving }));

/** A message still arriving: the waiting card until it is complete, then the player in place (or the gone page). */
function Arriving({ id }: { id: string }) {
  const [outcome, setOutcome] = useState<ArrivalOutcome | null>(null);
  if (outcome?.kind === 'arrived') return <ListenView payload={outcome.payload} />;
  if (outcome?.kind === 'gone') return <ListenGone status={outcome.status} message={outcome.message} />;
  return (
    <Suspense fallback={null}>
      <ListenArriving id={id} onOutcome={setOutcome} />
    </Suspense>
  );
}

/** Only a password-protected message's link needs this. */
const ListenLocked = lazy(async () => ({ default: (await import('./listen-locked.tsx')).ListenLocked }));

/** A password-protected message: its password form until it is unlocked, then the player in place. */
function Locked({ id }: { id: string }) {
  const [payload, setPayload] = useState<PublicListenPayload | null>(null);
  if (payload) return <ListenView payload={payload} />;
  return (
    <Suspense fallback={null}>
      <ListenLocked id={id} onUnlocked={setPayload} />
    </Suspense>
  );
}

const data = JSON.parse(document.getElementById('listen-data')?.textContent ?? 'null') as Embedded | null;
const root = document.getElementById('root');
if (root && data) {
  createRoot(root).render(
    <StrictMode>
      <PublicPageGuard>
        {data.status === 200 ? (
          <ListenView payload={data.payload} />
        ) : data.status === 202 ? (
          <Arriving id={data.id} />
        ) : data.status === 401 ? (
          <Locked id={data.id} />
        ) : (
          <ListenGone status={data.status} message={data.message} sender={data.sender} />
        )}
      </PublicPageGuard>
    </StrictMode>,
  );
}
