import './handoff-pages.css';
import { useEffect, useMemo, useState } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { BrandMark, Button, RecordFlow, Spinner } from '@vocal/ui-kit';
import { useRouteParam } from '../routes/route-params.ts';
import { personalisationAtom, sessionStatusAtom, userAtom } from '../session/session-state.ts';
import { webApi } from '../session/web-api.ts';
import { createGmailHandoffAdapter } from './handoff-adapters.ts';

type CodeState = 'checking' | 'open' | 'delivered' | 'gone' | { failed: string };

/**
 * /record/gmail/:id (also /gmail-record/:id): the Gmail add-on's recorder. Gmail's card runs
 * no JavaScript and has no microphone, so it opens this page (in the phone's browser) with a
 * one-time code; the person records here, signed in to the web app as usual, and the message
 * goes back to the card through the code. Closing the window reloads the card, which offers
 * to insert it.
 */
export default function GmailRecordPage() {
  const handoffId = useRouteParam('id');
  const user = useAtomValue(userAtom);
  const status = useAtomValue(sessionStatusAtom);
  const [settings, setSettings] = useAtom(personalisationAtom);
  const [code, setCode] = useState<CodeState>('checking');
  const [shared, setShared] = useState(false);
  const host = useMemo(() => createGmailHandoffAdapter(webApi(), handoffId), [handoffId]);

  const check = useMemo(
    () => () => {
      setCode('checking');
      void webApi()
        .getRecordingHandoff(handoffId)
        .then((result) => {
          if (result.ok) setCode(result.data.status === 'delivered' ? 'delivered' : 'open');
          else setCode(result.status === 404 ? 'gone' : { failed: result.error.msg });
        });
    },
    [handoffId],
  );
  useEffect(check, [check]);

  const saveDevice = async (deviceId: string | null) => {
    const saved = await webApi().savePersonalisation({ recorder: { deviceId } });
    if (saved.ok) setSettings(saved.data);
  };

  const body = () => {
    if (code === 'checking' || status !== 'synced' || !user) return <Spinner label="Getting your recorder ready" />;
    if (code === 'gone') {
      return (
        <>
          <h1 className="handoff-page__title">This recording link has expired</h1>
          <p className="handoff-page__lead">
            Each link from Gmail works for 30 minutes and for one message. Go back to your email and tap{' '}
            <strong>Record a voice message</strong> in Vocal’s card again.
          </p>
        </>
      );
    }
    if (code === 'delivered') {
      return (
        <>
          <h1 className="handoff-page__title">Your message is on its way to Gmail</h1>
          <p className="handoff-page__lead">
            A message was already sent through this link. Close this window and tap <strong>Insert</strong> in Vocal’s card.
          </p>
        </>
      );
    }
    if (typeof code === 'object') {
      return (
        <>
          <h1 className="handoff-page__title">Vocal could not open this recording link</h1>
          <p className="handoff-page__lead">{code.failed}</p>
          <Button onClick={check}>Try again</Button>
        </>
      );
    }
    return (
      <>
        <h1 className="handoff-page__title">Record a voice message for your email</h1>
        <p className="handoff-page__lead">When you stop and choose Add to email, the link goes back to Gmail.</p>
        <RecordFlow
          host={host}
          api={webApi()}
          plan={user.plan}
          settings={settings}
          upgradeUrl="/upgrade"
          onDeviceChange={(deviceId) => void saveDevice(deviceId)}
          onShared={(_share, outcome) => setShared(outcome.inserted)}
        />
        {shared ? (
          <>
            <Button variant="primary" size="lg" onClick={() => window.close()}>
              Back to Gmail
            </Button>
            <p className="handoff-page__small">If this window stays open, close it yourself: Gmail reloads Vocal’s card when it closes.</p>
          </>
        ) : null}
      </>
    );
  };

  return (
    <div className="handoff-page">
      <main className="handoff-page__column">
        <BrandMark compact />
        {body()}
      </main>
    </div>
  );
}
