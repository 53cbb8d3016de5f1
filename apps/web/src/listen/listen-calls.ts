import { useEffect, useState } from 'react';
import type { ApiClient } from '@vocal/api-client';
import { createVisitorListenClient, type VisitorListenClient } from '@vocal/api-client/visitor-listen';
import { hasStoredSession } from './stored-session.ts';
import { readUnlockToken } from './unlock-token.ts';

/**
 * The client the listen page's interactions talk through. An anonymous visitor gets the small
 * visitor client at once (three calls on fetch and zod's mini build). A browser holding a
 * session gets the full client, loaded on demand: its listens are its own, and an owner sees
 * replies and may remove comments.
 */
export type ListenCalls = { kind: 'visitor'; api: VisitorListenClient } | { kind: 'session'; api: ApiClient };

let visitorClient: VisitorListenClient | null = null;

export function useListenCalls(): ListenCalls | null {
  const [calls, setCalls] = useState<ListenCalls | null>(() => {
    if (hasStoredSession()) return null;
    visitorClient ??= createVisitorListenClient({ baseUrl: `${window.location.origin}/api`, unlockTokenFor: readUnlockToken });
    return { kind: 'visitor', api: visitorClient };
  });
  useEffect(() => {
    if (calls) return;
    let cancelled = false;
    void import('./listen-api.ts').then(({ listenApi }) => {
      if (!cancelled) setCalls({ kind: 'session', api: listenApi() });
    });
    return () => {
      cancelled = true;
    };
  }, [calls]);
  return calls;
}
