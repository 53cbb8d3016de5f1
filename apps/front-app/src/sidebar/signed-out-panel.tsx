import type { ApiClient } from '@vocal/api-client';
import type { Tokens } from '@vocal/settings-model';
import { WindowSignInButton } from '@vocal/host-shell';

export type SignedOutPanelProps = {
  api: ApiClient;
  /** Opens our sign-in window, prefilled with the teammate’s address. */
  openSignInWindow(): Promise<Tokens | null>;
};

/** What a signed-out teammate sees: what the plugin does, and Sign in (in a window of ours). */
export function SignedOutPanel({ api, openSignInWindow }: SignedOutPanelProps) {
  return (
    <section className="front-signed-out" aria-labelledby="front-signed-out-title">
      <h1 id="front-signed-out-title" className="front-signed-out__title">
        Voice messages in your replies
      </h1>
      <p className="front-muted">
        Record a message and Vocal puts its link in the reply you are writing. Customers just click and hear you.
      </p>
      <WindowSignInButton api={api} openWindow={openSignInWindow} />
      <p className="front-muted front-small">Sign-in opens in a separate window. New here? The same window creates your account.</p>
    </section>
  );
}
