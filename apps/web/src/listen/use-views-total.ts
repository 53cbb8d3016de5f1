import { useEffect, useState } from 'react';
import type { ApiClient } from '@vocal/api-client';

/**
 * The message's listens in all, from GET views/{id} (per day); null until it answers, when it
 * fails, or while `asked` is false (listen counts are Pro: a Free owner's page does not ask).
 */
export function useViewsTotal(api: ApiClient, recordingId: string, asked: boolean): number | null {
  const [total, setTotal] = useState<number | null>(null);
  useEffect(() => {
    if (!asked) return;
    let cancelled = false;
    void api.getViews(recordingId).then((result) => {
      if (!cancelled && result.ok) setTotal(result.data.data.reduce((sum, day) => sum + day.views, 0));
    });
    return () => {
      cancelled = true;
    };
  }, [api, recordingId, asked]);
  return total;
}
