import type { ReactNode } from 'react';
import type { ApiClient } from '@vocal/api-client';
import { SignInForm } from '@vocal/ui-kit';

export type PanelSignInProps = {
  api: ApiClient;
  /** The panel's heading: what the app does, in the host's words. */
  title: string;
  /** What the app does, before the line about new accounts. */
  lead: ReactNode;
  /** The address the host knows, to prefill. */
  initialEmail?: string;
};

/**
 * Sign-in inside the panel itself: no window to open, so no pop-up blocker or host sandbox
 * can stop it. The tokens stay in the panel's memory (createHostApi), as with every way in.
 * A new address creates the account, as on the web app's sign-in.
 */
export function PanelSignIn({ api, title, lead, initialEmail }: PanelSignInProps) {
  return (
    <SignInForm
      // The host may name the person's address after the form first showed: fill it in then.
      key={initialEmail ?? ''}
      title={title}
      initialEmail={initialEmail}
      lead={<>{lead} New here? Enter your email and choose a password: we will create your account.</>}
      onSubmit={async (credentials) => {
        const result = await api.signIn(credentials);
        return result.ok ? { ok: true } : { ok: false, message: result.error.msg };
      }}
    />
  );
}
