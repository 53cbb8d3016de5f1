import './listen-locked.css';
import { useEffect, useState } from 'react';
import type { PublicListenPayload } from '@vocal/settings-model';
import { ButtonLink, Spinner } from '@vocal/ui-kit';
import { ListenNotice } from './listen-gone.tsx';
import { LockIcon } from './lock-icon.tsx';
import { hasStoredSession } from './stored-session.ts';
import { sessionPayload } from './session-payload.ts';

/** The sign-in page, coming back to this message once signed in. */
const signInHref = (id: string) => `/login?redirect=${encodeURIComponent(`/listen/${id}`)}`;

/**
 * A team-only message's listen page (decision 0075): nothing of the message. A browser signed in
 * as a member of its sender's team (or as its sender) opens it in place with no question asked;
 * anyone signed out is offered the sign-in that comes back here; someone signed in who is not on
 * the team is told so.
 */
export function ListenTeamOnly({ id, onUnlocked }: { id: string; onUnlocked(payload: PublicListenPayload): void }) {
  const signedIn = hasStoredSession();
  const [checking, setChecking] = useState(signedIn);

  useEffect(() => {
    if (!checking) return;
    let cancelled = false;
    void sessionPayload(id)
      .catch(() => null)
      .then((payload) => {
        if (cancelled) return;
        if (payload) onUnlocked(payload);
        else setChecking(false);
      });
    return () => {
      cancelled = true;
    };
  }, [checking, id, onUnlocked]);

  return (
    <ListenNotice
      id="listen-team-only-title"
      className="listen-locked"
      badge={<LockIcon />}
      badgeClassName="listen-locked__badge"
      title="This voice message is for a team"
      busy={checking}
    >
      {checking ? (
        <Spinner label="Opening the voice message" />
      ) : (
        <>
          <p className="listen-gone__text">
            {signedIn
              ? 'Its sender kept it to their team, and the account signed in here is not on it. Ask the sender to share it with you another way.'
              : 'Its sender kept it to their team. Sign in with your team account to listen.'}
          </p>
          {signedIn ? (
            <ButtonLink className="listen-locked__submit" variant="secondary" href="/recordings">
              Go to your messages
            </ButtonLink>
          ) : (
            <ButtonLink className="listen-locked__submit" variant="primary" href={signInHref(id)}>
              Sign in to listen
            </ButtonLink>
          )}
        </>
      )}
    </ListenNotice>
  );
}
