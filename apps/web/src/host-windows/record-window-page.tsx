import './host-window-page.css';
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { createHostApi, createOpenerBridge, createWindowAdapter, RecordWindow, requestSession } from '@vocal/host-shell';
import { popupHostOfRecordPath } from './popup-host-of.ts';

/**
 * /record/zendesk, /record/front, /record/zoho-mail, /teams/record: a host's record window,
 * opened by its panel (recordInPopup) when the panel has no microphone. It borrows the
 * panel's session by postMessage (or has the person sign in here), records with the shared
 * flow, and hands the finished message back; its session stays in this page's memory.
 */
export default function RecordWindowPage() {
  const [location] = useLocation();
  const email = new URLSearchParams(useSearch()).get('email') ?? undefined;
  const info = popupHostOfRecordPath(location);
  const [{ api }] = useState(() => createHostApi());
  const bridge = useMemo(() => createOpenerBridge(), []);
  const borrowSession = useCallback(() => requestSession(bridge), [bridge]);
  const host = useMemo(
    () =>
      createWindowAdapter({
        platform: info.platform,
        sendLabel: info.sendLabel,
        send(message) {
          if (!bridge.post(message)) throw new Error(`The ${info.name} panel that opened this window is gone: copy the link instead.`);
        },
      }),
    [bridge, info],
  );
  const withPanel = bridge.canHearParent();

  return (
    <div className="host-window-page">
      <RecordWindow
        api={api}
        host={host}
        send={bridge.send}
        borrowSession={borrowSession}
        onCancel={withPanel ? () => bridge.post({ type: 'cancelled' }) : undefined}
        hostName={info.name}
        lead={withPanel ? info.lead : `Opened on its own, this window shows the link to copy into ${info.name}.`}
        pageUrl={window.location.href}
        initialEmail={email}
      />
    </div>
  );
}
