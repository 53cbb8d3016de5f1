import { useSyncExternalStore } from 'react';
import type { ApiClient } from '@vocal/api-client';

/**
 * Whether both tokens are held. A refresh (which rotates the tokens) keeps it true, so
 * nothing that depends on it starts over in the middle of a recording.
 */
export function useSignedIn(api: ApiClient): boolean {
  return useSyncExternalStore(
    (onChange) => api.session.subscribe(onChange),
    () => api.session.isAuthorized(),
  );
}
