import './handoff-wait-notice.css';
import { Button, CopyLinkField, Spinner } from '@vocal/ui-kit';
import { handoffSendLabel, type HandoffWaitStore } from './handoff-recorder.ts';
import { useHandoffWait } from './use-handoff-wait.ts';

export type HandoffWaitNoticeProps = {
  store: HandoffWaitStore | undefined;
  /** The host's name as people know it: "the link comes back to Front". */
  hostName: string;
};

/**
 * While the person records in a browser tab: what to do there, the way to open it again (or,
 * when nothing could open it, the address to open by hand), and Stop waiting.
 */
export function HandoffWaitNotice({ store, hostName }: HandoffWaitNoticeProps) {
  const wait = useHandoffWait(store);
  const sendLabel = handoffSendLabel(hostName);
  if (!wait) return null;
  return (
    <section className="handoff-wait" aria-labelledby="handoff-wait-title">
      <h2 id="handoff-wait-title" className="handoff-wait__title">
        <Spinner size="xs" decorative />
        Recording in your browser
      </h2>
      {wait.opened ? (
        <p className="handoff-wait__text" role="status">
          Vocal opened in a browser tab. Record there and choose <strong>{sendLabel}</strong>: the link comes back to {hostName} by itself.
        </p>
      ) : (
        <>
          <p className="handoff-wait__text" role="status">
            {hostName} did not let Vocal open a tab. Open this address in your browser (or on your phone), record, and choose{' '}
            <strong>{sendLabel}</strong>: the link comes back here by itself.
          </p>
          <CopyLinkField url={wait.url} label="Address to open in your browser" />
        </>
      )}
      <div className="handoff-wait__actions">
        {wait.opened ? (
          <Button size="sm" variant="secondary" onClick={wait.reopen}>
            Open the tab again
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={wait.cancel}>
          Stop waiting
        </Button>
      </div>
    </section>
  );
}
