import { useState } from 'react';
import type { ApiClient } from '@vocal/api-client';
import { Button, SignInForm } from '@vocal/ui-kit';
import type { DialogToParentMessage } from '../protocol/dialog-messages.ts';
import { BrandHeader } from '../shared/brand-header.tsx';

export type SignInDialogProps = {
  api: ApiClient;
  /** Hands a message to the taskpane (Office's messageParent). */
  send(message: DialogToParentMessage): void;
  initialEmail?: string;
};

/**
 * The sign-in window: our own form on our own origin in a real window (no third-party
 * cookies in Outlook's frame). The tokens go to the taskpane, which closes this window.
 */
export function SignInDialog({ api, send, initialEmail }: SignInDialogProps) {
  const [done, setDone] = useState(false);
  return (
    <div className="dialog-page">
      <BrandHeader>
        <Button size="sm" variant="ghost" onClick={() => send({ type: 'cancelled' })}>
          Cancel
        </Button>
      </BrandHeader>
      {done ? (
        <p className="dialog-page__done" role="status">
          You are signed in. Back to Outlook…
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
    </div>
  );
}
