import { useEffect } from 'react';
import type { PublicListenPayload } from '@vocal/settings-model';
import { ListenNotice } from './listen-gone.tsx';
import './listen-gone.css';
import './listen-arriving.css';

/** How often the page asks again while the message arrives: soon at first, then every few seconds. */
const ASK_AGAIN_MS = [500, 1_000, 1_000, 2_000, 2_000, 3_000];

/** How the wait ended: the message arrived whole, or it was deleted (404) or expired (410) meanwhile. */
export type ArrivalOutcome = { kind: 'arrived'; payload: PublicListenPayload } | { kind: 'gone'; status: 404 | 410; message: string };

/** Sound waves coming in: the message is being received. */
function ArrivingIcon() {
  return (
    <svg
      className="listen-gone__icon listen-arriving__icon"
      viewBox="0 0 24 24"
      width="32"
      height="32"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 10v4M8 7v10M12 4v16M16 7v10M20 10v4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * A listen link opened while its recording is still streaming in from the recorder (the server
 * answered 202): the page says so and asks view-vocal again until the message is complete; the
 * entry (listen-entry.tsx) then shows the player in place, without a reload, or the gone page.
 * Loaded only for such a link, so the player and the gone page are the entry's, not copied here.
 */
export function ListenArriving({ id, onOutcome }: { id: string; onOutcome: (outcome: ArrivalOutcome) => void }) {
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asked = 0;
    const ask = async () => {
      try {
        const response = await fetch(`/api/view-vocal/${encodeURIComponent(id)}`, {
          headers: { accept: 'application/json' },
          cache: 'no-store',
          signal: controller.signal,
        });
        if (response.status === 200) {
          // zod comes only now, with the message: a waiting page stays small.
          const { parseListenPayload } = await import('./parse-listen-payload.ts');
          const payload = parseListenPayload(await response.json());
          if (payload) return onOutcome({ kind: 'arrived', payload });
        } else if (response.status === 404 || response.status === 410) {
          const body = (await response.json().catch(() => ({}))) as { msg?: string };
          return onOutcome({ kind: 'gone', status: response.status, message: body.msg ?? '' });
        }
      } catch {
        if (controller.signal.aborted) return;
        // Offline for a moment: ask again as usual.
      }
      timer = setTimeout(() => void ask(), ASK_AGAIN_MS[Math.min(asked++, ASK_AGAIN_MS.length - 1)]);
    };
    timer = setTimeout(() => void ask(), ASK_AGAIN_MS[asked++]);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [id, onOutcome]);

  return (
    <ListenNotice
      id="listen-arriving-title"
      badge={<ArrivingIcon />}
      badgeClassName="listen-arriving__badge"
      title="This voice message is arriving"
      invite={false}
    >
      <p className="listen-gone__text" role="status">
        Its recording is still coming in. It will be ready to play here as soon as the last of it arrives, with no need to reload.
      </p>
    </ListenNotice>
  );
}
