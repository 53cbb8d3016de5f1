import { useEffect, useState } from 'react';
import type { PrivateRecordingPrivacy, PublicListenPayload } from '@vocal/settings-model';
import { Spinner } from '@vocal/ui-kit';
import { usePageTitle } from '../components/use-page-title.ts';
import { useRouteParam } from '../routes/route-params.ts';
import { webApi } from '../session/web-api.ts';
import { ListenGone } from './listen-gone.tsx';
import { ListenLocked } from './listen-locked.tsx';
import { ListenTeamOnly } from './listen-team-only.tsx';
import { ListenView } from './listen-view.tsx';

type Load =
  | { status: 'loading' }
  | { status: 'gone'; code: 404 | 410; message: string }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; payload: PublicListenPayload }
  /** Private (decisions 0074 and 0075): its password form, or what a team-only message says, until opened. */
  | { status: 'locked'; privacy: PrivateRecordingPrivacy };

/**
 * The listen page inside the app (client-side navigation, and `vite dev`). Visitors who open
 * a link get the server-rendered listen entry instead, which carries its payload in the HTML.
 */
export default function ListenPage() {
  const id = useRouteParam('id');
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    void webApi()
      .viewVocal(id)
      .then((result) => {
        if (cancelled) return;
        if (result.ok) setLoad({ status: 'loaded', payload: result.data });
        // 401: a lock that may open here; 403: a team-only message, signed in off the team.
        else if (result.status === 401 || (result.status === 403 && result.error.protected === true)) {
          setLoad({ status: 'locked', privacy: result.error.privacy === 'team' ? 'team' : 'password' });
        } else if (result.status === 404 || result.status === 410)
          setLoad({ status: 'gone', code: result.status, message: result.error.msg });
        else setLoad({ status: 'failed', message: result.error.msg });
      });
    return () => {
      cancelled = true;
    };
  }, [id]);

  usePageTitle(
    load.status === 'loaded'
      ? (load.payload.audio.subject ?? `Voice message from ${load.payload.settings.name}`)
      : load.status === 'locked'
        ? 'A private voice message'
        : 'Voice message',
  );

  if (load.status === 'loading') {
    return (
      <main className="listen-page listen-page--state">
        <Spinner label="Loading the voice message" />
      </main>
    );
  }
  if (load.status === 'locked') {
    const opened = (payload: PublicListenPayload) => setLoad({ status: 'loaded', payload });
    return load.privacy === 'team' ? <ListenTeamOnly id={id} onUnlocked={opened} /> : <ListenLocked id={id} onUnlocked={opened} />;
  }
  if (load.status === 'gone') return <ListenGone status={load.code} message={load.message} />;
  if (load.status === 'failed') return <ListenGone status={404} message={load.message} />;
  return <ListenView payload={load.payload} />;
}
