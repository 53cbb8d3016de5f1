import { useEffect, useState } from 'react';
import type { IntegrationReadiness } from '@vocal/settings-model';
import { webApi } from '../session/web-api.ts';

export type ReadinessState =
  { status: 'loading' } | { status: 'ready'; readiness: IntegrationReadiness } | { status: 'failed'; message: string };

/** What this server has for the host apps (GET /api/integrations), asked once per page. */
export function useIntegrationReadiness(): ReadinessState {
  const [state, setState] = useState<ReadinessState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    void webApi()
      .getIntegrationReadiness()
      .then((result) => {
        if (!current) return;
        setState(result.ok ? { status: 'ready', readiness: result.data } : { status: 'failed', message: result.error.msg });
      });
    return () => {
      current = false;
    };
  }, []);
  return state;
}
