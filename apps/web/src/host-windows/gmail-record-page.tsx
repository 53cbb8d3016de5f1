import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Button, Spinner } from '@vocal/ui-kit';
import { useRouteParam } from '../routes/route-params.ts';
import { sessionStatusAtom, userAtom } from '../session/session-state.ts';
import { webApi } from '../session/web-api.ts';
import { createGmailHandoffAdapter } from './handoff-adapters.ts';
import { HandoffPageFrame, HandoffRecordFlow } from './handoff-page-frame.tsx';
import { useHandoffLink } from './use-handoff-link.ts';

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
  const { link: code, check, settings, saveDevice } = useHandoffLink(handoffId);
  const [shared, setShared] = useState(false);
  const host = useMemo(() => createGmailHandoffAdapter(webApi(), handoffId), [handoffId]);

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
    if (typeof code === 'object' && 'failed' in code) {
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
        <HandoffRecordFlow host={host} user={user} settings={settings} saveDevice={saveDevice} onShared={setShared} />
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

  return <HandoffPageFrame>{body()}</HandoffPageFrame>;
}
