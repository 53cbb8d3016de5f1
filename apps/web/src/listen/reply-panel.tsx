import { useMemo, useState } from 'react';
import { RecordFlow } from '@vocal/ui-kit';
import { createVisitorHostAdapter } from '../visitors/visitor-host-adapter.ts';
import { VisitorNameField } from '../visitors/visitor-name-field.tsx';
import { VISITOR_RECORDING_PLAN, visitorRecorderApi } from '../visitors/visitor-recorder-api.ts';
import { listenApi } from './listen-api.ts';

/** Reply by voice from the listen page: the same record flow, sent to the message's owner. */
export default function ReplyPanel({ recordingId, ownerName }: { recordingId: string; ownerName: string }) {
  const api = listenApi();
  const [name, setName] = useState('');
  const [sent, setSent] = useState(false);
  const host = useMemo(() => createVisitorHostAdapter('webapp'), []);
  const recorderApi = useMemo(
    () => visitorRecorderApi(api, { target: `reply:${recordingId}`, platform: 'webapp', details: () => ({ name: name.trim() || null }) }),
    [api, recordingId, name],
  );

  if (sent) {
    return (
      <p className="reply-panel__sent" role="status">
        Your reply was sent to {ownerName}.
      </p>
    );
  }
  return (
    <section className="reply-panel" aria-label="Reply by voice">
      <VisitorNameField value={name} onChange={setName} hint="So they know who replied. Optional." />
      <RecordFlow host={host} api={recorderApi} plan={0} recordingPlan={VISITOR_RECORDING_PLAN} onShared={() => setSent(true)} />
    </section>
  );
}
