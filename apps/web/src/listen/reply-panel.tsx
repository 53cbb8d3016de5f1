import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, RecordFlow } from '@vocal/ui-kit';
import { createVisitorHostAdapter } from '../visitors/visitor-host-adapter.ts';
import { VisitorNameField } from '../visitors/visitor-name-field.tsx';
import { VISITOR_RECORDING_PLAN, visitorRecorderApi } from '../visitors/visitor-recorder-api.ts';
import { listenApi } from './listen-api.ts';

/**
 * Reply by voice from the listen page: the same record flow, sent to the message's owner.
 * Focus moves in when it opens; Esc and Cancel close it (the page gives focus back to the
 * Reply button); the message pauses when the reply starts; after sending, another may follow.
 */
export default function ReplyPanel({
  recordingId,
  ownerName,
  isOwner,
  onRecordingStarts,
  onClose,
}: {
  recordingId: string;
  ownerName: string;
  /** The owner answering a reply: they need no name field, it is their own page. */
  isOwner: boolean;
  onRecordingStarts(): void;
  onClose(): void;
}) {
  const api = listenApi();
  const [name, setName] = useState('');
  const [sent, setSent] = useState(0);
  const [showSent, setShowSent] = useState(false);
  const [started, setStarted] = useState(false);
  const panel = useRef<HTMLElement>(null);
  const host = useMemo(() => createVisitorHostAdapter('webapp'), []);
  const recorderApi = useMemo(
    () =>
      visitorRecorderApi(api, {
        target: `reply:${recordingId}`,
        platform: 'webapp',
        details: () => ({ name: name.trim() || null }),
        // A signed-in listener's reply is theirs: the owner's answer can then reach them by mail.
        auth: 'optional',
      }),
    [api, recordingId, name],
  );

  useEffect(() => {
    // The first thing to do (the name field, else Start), not the Cancel in the corner.
    panel.current?.querySelector<HTMLElement>('.reply-panel__body input, .reply-panel__body button')?.focus();
  }, [showSent]);

  // A reply under way is not thrown away by a stray Esc without asking.
  const close = () => {
    if (started && !showSent && !window.confirm('Close and throw away this reply?')) return;
    onClose();
  };

  return (
    <section
      ref={panel}
      className="reply-panel"
      aria-labelledby="reply-panel-title"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        close();
      }}
    >
      <div className="reply-panel__head">
        <h2 id="reply-panel-title" className="reply-panel__title">
          Reply by voice
        </h2>
        <Button size="sm" variant="ghost" onClick={close}>
          {showSent ? 'Close' : 'Cancel'}
        </Button>
      </div>
      <div className="reply-panel__body">
        {showSent ? (
          <div className="reply-panel__sent" role="status">
            <p>{isOwner ? 'Your reply is saved with this conversation.' : `Your reply was sent to ${ownerName}.`}</p>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                setStarted(false);
                setShowSent(false);
              }}
            >
              Send another reply
            </Button>
          </div>
        ) : (
          <>
            {isOwner ? null : <VisitorNameField value={name} onChange={setName} hint="So they know who replied. Optional." />}
            <RecordFlow
              key={sent}
              host={host}
              api={recorderApi}
              plan={0}
              recordingPlan={VISITOR_RECORDING_PLAN}
              beforeStart={() => {
                onRecordingStarts();
                setStarted(true);
                return true;
              }}
              onShared={() => {
                setSent((count) => count + 1);
                setShowSent(true);
              }}
            />
          </>
        )}
      </div>
    </section>
  );
}
