import '../app.css';
import { lazy, StrictMode, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { PrivateRecordingPrivacy, PublicListenPayload } from '@vocal/settings-model';
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
  /**
   * Private (decisions 0074 and 0075): nothing of the message is in the page. A server before
   * team-only messages sent no `privacy`: its private messages had passwords.
   */
  | { status: 401; protected: true; privacy?: PrivateRecordingPrivacy; id: string; message: string };

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

/** Only a team-only message's link needs this. */
const ListenTeamOnly = lazy(async () => ({ default: (await import('./listen-team-only.tsx')).ListenTeamOnly }));

/**
 * A private message: its password form, or for a team-only one the team member's session, until
 * it is opened; then the player in place.
 */
function Locked({ id, privacy }: { id: string; privacy: PrivateRecordingPrivacy }) {
  const [payload, setPayload] = useState<PublicListenPayload | null>(null);
  if (payload) return <ListenView payload={payload} />;
  return (
    <Suspense fallback={null}>
      {privacy === 'team' ? <ListenTeamOnly id={id} onUnlocked={setPayload} /> : <ListenLocked id={id} onUnlocked={setPayload} />}
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
          <Locked id={data.id} privacy={data.privacy ?? 'password'} />
        ) : (
          <ListenGone status={data.status} message={data.message} sender={data.sender} />
        )}
      </PublicPageGuard>
    </StrictMode>,
  );
}
