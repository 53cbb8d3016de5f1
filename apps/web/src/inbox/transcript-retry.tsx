import { useState } from 'react';
import { Button } from '@vocal/ui-kit';
import { webApi } from '../session/web-api.ts';

/** A transcript that failed can be asked for again from the inbox, as from the listen page. */
export function TranscriptRetry({ recordingId }: { recordingId: string }) {
  const [status, setStatus] = useState<'error' | 'loading' | 'complete'>('error');
  const [problem, setProblem] = useState<string | null>(null);
  if (status === 'loading') return <p className="inbox-item__snippet inbox-item__snippet--pending">Transcribing…</p>;
  if (status === 'complete') return <p className="inbox-item__snippet">Transcript ready on the listen page</p>;
  return (
    <div className="inbox-item__transcript-failed">
      <p className="inbox-item__snippet">{problem ?? 'The transcript could not be made.'}</p>
      <Button
        variant="secondary"
        size="sm"
        loadingLabel="Asking again…"
        onClick={async () => {
          const result = await webApi().retryTranscription(recordingId);
          if (result.ok) setStatus(result.data.status === 'complete' ? 'complete' : result.data.status === 'error' ? 'error' : 'loading');
          else setProblem(result.error.msg);
        }}
      >
        Try the transcript again
      </Button>
    </div>
  );
}
