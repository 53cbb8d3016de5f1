import { SidebarButton, SidebarHint, SidebarNotice, SidebarText, SidebarTitle } from '../host/garden/sidebar-controls.tsx';

export type SignedOutPanelProps = {
  onSignIn(): Promise<void>;
  notice: { tone: 'info' | 'error'; text: string } | null;
};

/** What a signed-out agent sees: what the app does, and Sign in (in a separate window). */
export function SignedOutPanel({ onSignIn, notice }: SignedOutPanelProps) {
  return (
    <section className="sidebar__section" aria-labelledby="signed-out-title">
      <SidebarTitle id="signed-out-title">Answer with your voice</SidebarTitle>
      <SidebarText>Record a message and Vocal adds its link to your reply. The requester clicks and hears you.</SidebarText>
      <SidebarButton stretched onClick={onSignIn} busyLabel="Waiting for the sign-in window…">
        Sign in
      </SidebarButton>
      <SidebarHint>Sign-in opens in a separate window. New here? The same window creates your account.</SidebarHint>
      {notice ? <SidebarNotice tone={notice.tone}>{notice.text}</SidebarNotice> : null}
    </section>
  );
}
