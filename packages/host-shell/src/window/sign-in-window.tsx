import './window-page.css';
import { useState } from 'react';
import type { ApiClient } from '@vocal/api-client';
import { SignInForm } from '@vocal/ui-kit';
import type { WindowToOpenerMessage } from './window-messages.ts';
import { WindowHeader } from './window-header.tsx';

export type SignInWindowProps = {
  api: ApiClient;
  /** Hands a message to the panel that opened the window (which then closes it). */
  send(message: WindowToOpenerMessage): void;
  /** The host's name as people know it: "Back to Outlook…". */
  hostName: string;
  initialEmail?: string;
};

/**
 * The sign-in window: our own form on our own origin in a real window (no third-party
 * cookies inside a host's frame). The tokens go to the panel, which closes this window.
 */
export function SignInWindow({ api, send, hostName, initialEmail }: SignInWindowProps) {
  const [done, setDone] = useState(false);
  return (
    <main className="host-window">
      <WindowHeader onCancel={() => send({ type: 'cancelled' })} />
      {done ? (
        <p className="host-window__done" role="status">
          You are signed in. Back to {hostName}…
        </p>
      ) : (
        <SignInForm
          initialEmail={initialEmail}
          onSubmit={async (credentials) => {
            const result = await api.signIn(credentials);
            if (!result.ok) return { ok: false, message: result.error.msg };
            send({ type: 'signed-in', tokens: result.data });
            setDone(true);
            return { ok: true };
          }}
        />
      )}
    </main>
  );
}
