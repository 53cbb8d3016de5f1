import { useState } from 'react';
import type { InsertOutcome, Share } from '@vocal/host-contract';
import { Button } from '../button/button.tsx';
import { ButtonLink } from '../button/button-link.tsx';
import { CopyLinkField } from '../copy-link-field/copy-link-field.tsx';

export type Finished = { share: Share; outcome: InsertOutcome | null };

export type SharedStepProps = {
  finished: Finished;
  insertedHint?: string;
  /** The host's playForEveryone (a meeting's shared stage), where it has one. */
  playForEveryone?: (share: Share) => Promise<InsertOutcome>;
  onRecordAnother(): void;
};

/** What the last press of Play for everyone did, said under the buttons. */
type PlayResult = { tone: 'done'; text: string } | { tone: 'refused'; text: string } | null;

/** The last step: the link, where it went, and a way to record the next message. */
export function SharedStep({
  finished,
  insertedHint = 'The link was added where you are writing.',
  playForEveryone,
  onRecordAnother,
}: SharedStepProps) {
  const { share, outcome } = finished;
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const [played, setPlayed] = useState<PlayResult>(null);
  const play = playForEveryone
    ? async () => {
        setPlayed(null);
        const result = await playForEveryone(share).catch((error: unknown): InsertOutcome => ({
          inserted: false,
          reason: error instanceof Error ? error.message : String(error),
        }));
        setPlayed(
          result.inserted
            ? { tone: 'done', text: 'It’s on the main stage for everyone in the call.' }
            : { tone: 'refused', text: result.reason },
        );
      }
    : null;
  return (
    <div className="vk-record-flow__panel vk-record-flow__panel--shared" data-state="shared">
      <p className="vk-record-flow__headline">Your message is ready</p>
      {outcome?.inserted ? <p className="vk-record-flow__hint">{insertedHint}</p> : null}
      <CopyLinkField url={share.url} label="Link to your message" />
      <div className="vk-record-flow__actions">
        {play ? (
          <Button variant="primary" onClick={play} loadingLabel="Starting…">
            Play for everyone
          </Button>
        ) : null}
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
      {played ? (
        <p
          className={`vk-record-flow__hint vk-record-flow__played vk-record-flow__played--${played.tone}`}
          role={played.tone === 'refused' ? 'alert' : 'status'}
        >
          {played.text}
        </p>
      ) : null}
    </div>
  );
}
