import type { ApiClient } from '@vocal/api-client';
import type { Tokens } from '@vocal/settings-model';
import { WindowSignInButton } from '@vocal/host-shell';

export type SignedOutPanelProps = {
  api: ApiClient;
  /** Opens our sign-in window (Meet's frame keeps no cookies of ours). */
  openSignInWindow(): Promise<Tokens | null>;
};

/** What a signed-out person sees in Meet's side panel: what the add-on does, and Sign in (in a window of ours). */
export function SignedOutPanel({ api, openSignInWindow }: SignedOutPanelProps) {
  return (
    <section className="meet-signed-out" aria-labelledby="meet-signed-out-title">
      <h1 id="meet-signed-out-title" className="meet-signed-out__title">
        Voice messages in your meetings
      </h1>
      <p className="meet-muted">
        Record a message, then paste its link into the meeting chat or play it on the main stage for everyone in the call.
      </p>
      <WindowSignInButton api={api} openWindow={openSignInWindow} />
      <p className="meet-muted meet-small">Sign-in opens in a separate window. New here? The same window creates your account.</p>
    </section>
  );
}
