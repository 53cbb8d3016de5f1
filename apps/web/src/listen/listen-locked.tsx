import './listen-locked.css';
import { useEffect, useRef, useState } from 'react';
import type { PublicListenPayload } from '@vocal/settings-model';
import { Spinner, SubmitButton, TextField } from '@vocal/ui-kit';
import { ListenNotice } from './listen-gone.tsx';
import { LockIcon } from './lock-icon.tsx';
import { hasStoredSession } from './stored-session.ts';
import { sessionPayload } from './session-payload.ts';
import { forgetUnlockToken, readUnlockToken, storeUnlockToken, unlockHeaders } from './unlock-token.ts';

/** The payload with this tab's unlock token (or the owner's session), or null when it is refused. */
async function openedPayload(id: string): Promise<PublicListenPayload | null> {
  const response = await fetch(`/api/view-vocal/${encodeURIComponent(id)}`, {
    headers: { accept: 'application/json', ...unlockHeaders(id) },
    cache: 'no-store',
  });
  if (!response.ok) return null;
  // zod comes only now, with the message: the locked page stays small.
  const { parseListenPayload } = await import('./parse-listen-payload.ts');
  return parseListenPayload(await response.json());
}

/**
 * A password-protected message's listen page (decision 0074): nothing of the message, only its
 * password form. A right password earns an unlock token, kept for this tab (unlock-token.ts),
 * and the message then shows in place. A tab that already holds a token, and the owner signed
 * in, skip the form.
 */
export function ListenLocked({ id, onUnlocked }: { id: string; onUnlocked(payload: PublicListenPayload): void }) {
  const [checking, setChecking] = useState(() => readUnlockToken(id) !== null || hasStoredSession());
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!checking) return;
    let cancelled = false;
    void (async () => {
      const payload =
        (readUnlockToken(id) ? await openedPayload(id).catch(() => null) : null) ?? (await sessionPayload(id).catch(() => null));
      if (cancelled) return;
      if (payload) return onUnlocked(payload);
      forgetUnlockToken(id);
      setChecking(false);
    })();
    return () => {
      cancelled = true;
    };
  }, [checking, id, onUnlocked]);

  const refuse = (message: string) => {
    setError(message);
    const input = form.current?.querySelector('input');
    input?.focus();
    input?.select();
  };

  const unlock = async () => {
    if (!password) return refuse('Type the password you were given.');
    setError(null);
    let response: Response;
    try {
      response = await fetch(`/api/unlock-vocal/${encodeURIComponent(id)}`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ password }),
      });
    } catch {
      return refuse('Could not reach Vocal. Check your connection and try again.');
    }
    const body = (await response.json().catch(() => ({}))) as { msg?: string; token?: string; expiresAt?: string };
    if (response.status === 401) return refuse('That password isn’t right. Check it and try again.');
    if (!response.ok || !body.token || !body.expiresAt) return refuse(body.msg ?? 'The message could not be opened. Try again.');
    storeUnlockToken(id, { token: body.token, expiresAt: body.expiresAt });
    const payload = await openedPayload(id).catch(() => null);
    if (!payload) return refuse('The message could not be opened. Try again.');
    onUnlocked(payload);
  };

  return (
    <ListenNotice
      id="listen-locked-title"
      className="listen-locked"
      badge={<LockIcon />}
      badgeClassName="listen-locked__badge"
      title="This voice message is protected"
      busy={checking}
    >
      {checking ? (
        <Spinner label="Opening the voice message" />
      ) : (
        <>
          <p className="listen-gone__text">Its sender asked for a password. Type the one they gave you to listen.</p>
          <form ref={form} className="listen-locked__form" noValidate onSubmit={(event) => event.preventDefault()}>
            <TextField
              label="Password"
              type="password"
              name="password"
              autoComplete="current-password"
              autoCapitalize="off"
              spellCheck={false}
              autoFocus
              value={password}
              error={error}
              onChange={(event) => {
                setPassword(event.target.value);
                if (error) setError(null);
              }}
            />
            {/* The field says why beside it; this says it aloud, since the focus is already on the field. */}
            <p className="vk-visually-hidden" role="alert">
              {error}
            </p>
            <SubmitButton className="listen-locked__submit" loadingLabel="Checking…" onSubmit={unlock}>
              Listen
            </SubmitButton>
          </form>
        </>
      )}
    </ListenNotice>
  );
}
