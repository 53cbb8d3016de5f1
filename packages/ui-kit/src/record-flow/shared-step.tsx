import type { InsertOutcome, Share } from '@vocal/host-contract';
import { Button } from '../button/button.tsx';
import { ButtonLink } from '../button/button-link.tsx';
import { CopyLinkField } from '../copy-link-field/copy-link-field.tsx';

export type Finished = { share: Share; outcome: InsertOutcome | null };

export type SharedStepProps = { finished: Finished; onRecordAnother(): void };

/** The last step: the link, where it went, and a way to record the next message. */
export function SharedStep({ finished, onRecordAnother }: SharedStepProps) {
  const { share, outcome } = finished;
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <div className="vk-record-flow__panel vk-record-flow__panel--shared" data-state="shared">
      <p className="vk-record-flow__headline">Your message is ready</p>
      {outcome?.inserted ? <p className="vk-record-flow__hint">The link was added where you are writing.</p> : null}
      <CopyLinkField url={share.url} label="Link to your message" />
      <div className="vk-record-flow__actions">
        {canShare ? (
          <Button
            variant="secondary"
            onClick={async () => {
              try {
                await navigator.share({ title: share.title, url: share.url });
              } catch {
                // The person closed the share sheet: nothing to do.
              }
            }}
          >
            Share…
          </Button>
        ) : null}
        <ButtonLink variant="secondary" href={share.url} target="_blank" rel="noopener">
          Open
        </ButtonLink>
        <Button variant="ghost" onClick={onRecordAnother}>
          Record another
        </Button>
      </div>
    </div>
  );
}
