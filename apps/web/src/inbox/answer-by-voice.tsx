import { useAtomValue } from 'jotai';
import { Link } from 'wouter';
import type { HostAdapter } from '@vocal/host-contract';
import { RecordFlow, Spinner, type PendingRecordings } from '@vocal/ui-kit';
import { personalisationAtom, userAtom } from '../session/session-state.ts';
import { webApi } from '../session/web-api.ts';

/** The answer is the owner's own message: nothing is inserted anywhere, the inbox links it to what it answers. */
const answerHost: HostAdapter = {
  platform: 'webapp',
  sendLabel: 'Send answer',
  ready: async () => ({}),
  insertShare: async () => ({ inserted: false, reason: 'The answer goes to its sender by email.' }),
};

/**
 * Takes left unsent elsewhere are offered on /record and in the inbox's notice, not here: sent
 * from this recorder, one would go out as this answer.
 */
const noOtherTakes: PendingRecordings = { list: async () => [], resume: async () => null, discard: async () => undefined };

/**
 * Answer by voice: the record flow the owner records every message with (their plan's length,
 * review with the title and expiry), whose message becomes the answer once they press Send
 * answer (`onRecorded`, with its id).
 */
export function AnswerByVoice({
  subject,
  onStarted,
  onRecorded,
}: {
  subject: string | undefined;
  onStarted(): void;
  onRecorded(recordingId: string): void;
}) {
  const user = useAtomValue(userAtom);
  const settings = useAtomValue(personalisationAtom);
  if (!user) return <Spinner label="Getting your recorder ready" />;
  if (user.messages.showPaywall) {
    return (
      <p className="answer-dialog__note" role="status">
        You have used this month’s Free voice messages. Answer in writing, or <Link href="/upgrade">upgrade to Pro</Link> to answer by
        voice.
      </p>
    );
  }
  return (
    <RecordFlow
      className="answer-dialog__recorder"
      host={answerHost}
      api={webApi()}
      plan={user.plan}
      settings={settings}
      subject={subject}
      upgradeUrl="/upgrade"
      pendingRecordings={noOtherTakes}
      beforeStart={() => {
        onStarted();
        return true;
      }}
      onShared={(share) => onRecorded(share.id)}
    />
  );
}
