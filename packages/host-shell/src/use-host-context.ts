import { useEffect, useState } from 'react';
import type { HostAdapter, HostContext } from '@vocal/host-contract';

/**
 * What the host tells a panel once it is ready (the person's address, the subject being written):
 * empty until then, and empty for good when the host never answers, so the panel works without it.
 */
export function useHostContext(adapter: HostAdapter): HostContext {
  const [context, setContext] = useState<HostContext>({});
  useEffect(() => {
    let cancelled = false;
    adapter.ready().then(
      (hostContext) => !cancelled && setContext(hostContext),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [adapter]);
  return context;
}
