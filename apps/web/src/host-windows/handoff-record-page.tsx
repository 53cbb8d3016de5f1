import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { handoffSendLabel } from '@vocal/host-shell';
import { isPopupHost, POPUP_HOSTS } from '@vocal/host-shell/popup-hosts';
import type { RecordingHandoffHost } from '@vocal/settings-model';
import { Button, Spinner } from '@vocal/ui-kit';
import { useSearch } from 'wouter';
import { useRouteParam } from '../routes/route-params.ts';
import { sessionStatusAtom, userAtom } from '../session/session-state.ts';
import { webApi } from '../session/web-api.ts';
import { createPanelHandoffAdapter } from './handoff-adapters.ts';
import { HandoffPageFrame, HandoffRecordFlow } from './handoff-page-frame.tsx';
import { useHandoffLink } from './use-handoff-link.ts';

/** The panel that opened the page, in its own words; the Apps Script add-ons have their own pages. */
function panelOf(host: RecordingHandoffHost) {
  const { platform, name } = isPopupHost(host)
    ? POPUP_HOSTS[host]
    : { platform: 'mobile' as const, name: host === 'gmail' ? 'Gmail' : 'Google Docs' };
  return { platform, name, sendLabel: handoffSendLabel(name) };
}

/**
 * /record/handoff/:id: a host panel's recorder in a browser tab (docs/decisions/0049). The
 * panel could not record (no microphone in its frame) and could not open a window of ours that
 * talks back to it (Front's sandbox, Teams on a phone, a blocked pop-up), so it opened this page
 * through the host with a one-time handoff's id. The person records here, signed in to the web
 * app as usual; the message goes through the handoff and the panel, which holds the secret,
 * claims it and inserts it as if recorded in place.
 */
export default function HandoffRecordPage() {
  const handoffId = useRouteParam('id');
  const search = new URLSearchParams(useSearch());
  const subject = search.get('subject') ?? undefined;
  const conversation = search.get('conversation') ?? undefined;
  const user = useAtomValue(userAtom);
  const status = useAtomValue(sessionStatusAtom);
  const { link, check, settings, saveDevice } = useHandoffLink(handoffId);
  const [shared, setShared] = useState(false);

  const panel = typeof link === 'object' && 'open' in link ? panelOf(link.open) : null;
  const host = useMemo(
    () => (panel ? createPanelHandoffAdapter(webApi(), handoffId, panel, subject, conversation) : null),
    [panel, handoffId, subject, conversation],
  );

  const body = () => {
    if (link === 'checking' || status !== 'synced' || !user) return <Spinner label="Getting your recorder ready" />;
    if (link === 'gone') {
      return (
        <>
          <h1 className="handoff-page__title">This recording link has expired</h1>
          <p className="handoff-page__lead">
            Each link works for 30 minutes and for one message. Go back to your app and choose <strong>Record in a new window</strong>{' '}
            again.
          </p>
        </>
      );
    }
    if (link === 'delivered') {
      return (
        <>
          <h1 className="handoff-page__title">Your message is on its way</h1>
          <p className="handoff-page__lead">A message was already sent through this link. Go back to your app: the link is there.</p>
        </>
      );
    }
    if ('failed' in link) {
      return (
        <>
          <h1 className="handoff-page__title">Vocal could not open this recording link</h1>
          <p className="handoff-page__lead">{link.failed}</p>
          <Button onClick={check}>Try again</Button>
        </>
      );
    }
    if (!panel || !host) return null;
    return (
      <>
        <h1 className="handoff-page__title">Record a voice message for {panel.name}</h1>
        <p className="handoff-page__lead">
          When you stop and choose {panel.sendLabel}, the link goes back to {panel.name} by itself.
        </p>
        <HandoffRecordFlow host={host} user={user} settings={settings} saveDevice={saveDevice} onShared={setShared} />
        {shared ? (
          <Button variant="secondary" onClick={() => window.close()}>
            Close this tab
          </Button>
        ) : null}
      </>
    );
  };

  return <HandoffPageFrame>{body()}</HandoffPageFrame>;
}
