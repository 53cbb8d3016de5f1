import { useEffect, useState } from 'react';
import type { RecordingAnalytics } from '@vocal/settings-model';
import { messageTitle } from '@vocal/ui-kit';
import { webApi } from '../session/web-api.ts';

export type AnalyticsState =
  | { kind: 'loading' }
  | { kind: 'ready'; analytics: RecordingAnalytics; title: string }
  | { kind: 'pro-only' }
  | { kind: 'not-found' }
  | { kind: 'failed'; message: string };

/**
 * The owner's analytics of one message (GET analytics/{id}) and its title. 403 is the Free
 * plan (the page explains Pro); 404 is a message that is not theirs or not there.
 */
export function useRecordingAnalytics(recordingId: string): AnalyticsState {
  const [state, setState] = useState<AnalyticsState>({ kind: 'loading' });
  useEffect(() => {
    let cancelled = false;
    const api = webApi();
    void Promise.all([api.getAnalytics(recordingId), api.viewVocal(recordingId)]).then(([analytics, payload]) => {
      if (cancelled) return;
      if (analytics.ok) {
        const title = payload.ok ? messageTitle(payload.data.audio) : 'Your voice message';
        return setState({ kind: 'ready', analytics: analytics.data, title });
      }
      if (analytics.status === 403) return setState({ kind: 'pro-only' });
      if (analytics.status === 404) return setState({ kind: 'not-found' });
      setState({ kind: 'failed', message: analytics.error.msg });
    });
    return () => {
      cancelled = true;
    };
  }, [recordingId]);
  return state;
}
