import './host-panel.css';
import type { ReactNode } from 'react';
import type { ApiClient } from '@vocal/api-client';
import type { HostAdapter } from '@vocal/host-contract';
import { Button, RecordFlow, type RecordFlowProps } from '@vocal/ui-kit';
import { AccountNotReady } from './account-not-ready.tsx';
import { BrandHeader } from './brand-header.tsx';
import { HandoffWaitNotice, type HandoffWaitNoticeProps } from './handoff/handoff-wait-notice.tsx';
import { Notice } from './notice.tsx';
import { openLinksOutside } from './open-links-outside.ts';
import { ConversationRepliesSection } from './replies/conversation-replies-section.tsx';
import type { PanelNotice } from './popup/use-window-sign-in.ts';
import { upgradeUrl } from './upgrade-url.ts';
import type { useAccount } from './use-account.ts';

/**
 * The panel's own controls where its host has a design system the panel should look like
 * (Zendesk's Garden); by default ui-kit's button, a muted line and host-shell's Notice.
 */
export type HostPanelControls = {
  signOut?(signOut: () => Promise<void>): ReactNode;
  who?(email: string): ReactNode;
  notice?(notice: NonNullable<PanelNotice>): ReactNode;
};

export type HostPanelProps = {
  /** The app's layout class for the panel (its host's width and spacing). */
  className: string;
  api: ApiClient;
  signedIn: boolean;
  account: ReturnType<typeof useAccount>;
  /** What the panel shows signed out, under the brand header: the app's way in. */
  signedOut: ReactNode;
  /** A heading for screen readers while signed in (the record flow's steps carry the visible ones). */
  heading?: string;
  /** Shown signed in under the header, before who is signed in: a page that says what it does (Teams' tab). */
  intro?: ReactNode;
  notice: PanelNotice;
  setNotice(notice: PanelNotice): void;
  /** The host adapter the record flow inserts through (with its window recording). */
  host: HostAdapter;
  /** The panel page's own URL: the upgrade page is on its origin. */
  pageUrl: string;
  /** The host whose upgrade checkout has its own call (the Meet add-on); none for the plain /upgrade. */
  upgradeFrom?: 'google-meet';
  /** Where the record flow sends the person when the host refuses the microphone; none where the host cannot open it. */
  recordInWindowUrl?: string;
  onShared?: RecordFlowProps['onShared'];
  controls?: HostPanelControls;
  /**
   * Shown signed in, in place of the record flow (the account loads meanwhile), while the host
   * needs a step of its own first: Outlook asking Office for the microphone.
   */
  beforeRecording?: ReactNode;
  /** Where the panel records in a browser tab through a handoff: the wait, shown above the flow. */
  handoff?: HandoffWaitNoticeProps;
};

const defaultControls: Required<HostPanelControls> = {
  signOut: (signOut) => (
    <Button size="sm" variant="ghost" onClick={signOut}>
      Sign out
    </Button>
  ),
  who: (email) => <p className="host-panel__who">Signed in as {email}</p>,
  notice: (notice) => <Notice tone={notice.tone}>{notice.text}</Notice>,
};

/**
 * A host's panel: the brand header, then the app's way in while signed out; signed in, Sign out,
 * who is signed in, the latest notice and the shared record flow once the account has loaded,
 * then the replies that came back to messages recorded in the host's conversation.
 */
export function HostPanel(props: HostPanelProps) {
  const { className, api, signedIn, account, notice, setNotice } = props;
  const controls = { ...defaultControls, ...props.controls };

  if (!signedIn) {
    return (
      <main className={className} onClick={openLinksOutside}>
        <BrandHeader />
        {props.signedOut}
      </main>
    );
  }

  const signOut = async () => {
    setNotice(null);
    await api.logout();
  };

  return (
    <main className={className} onClick={openLinksOutside}>
      {props.heading ? <h1 className="vk-visually-hidden">{props.heading}</h1> : null}
      <BrandHeader>{controls.signOut(signOut)}</BrandHeader>
      {props.intro}
      {account.status === 'ready' ? controls.who(account.user.email) : null}
      {notice ? controls.notice(notice) : null}
      {props.handoff ? <HandoffWaitNotice {...props.handoff} /> : null}
      {props.beforeRecording ? (
        props.beforeRecording
      ) : account.status !== 'ready' ? (
        <AccountNotReady account={account} />
      ) : (
        <RecordFlow
          host={props.host}
          api={api}
          plan={account.user.plan}
          settings={account.settings}
          recordInWindowUrl={props.recordInWindowUrl}
          upgradeUrl={upgradeUrl(props.pageUrl, props.upgradeFrom)}
          onShared={props.onShared}
        />
      )}
      {account.status === 'ready' && !props.beforeRecording ? (
        <ConversationRepliesSection api={api} host={props.host} appOrigin={new URL(props.pageUrl).origin} />
      ) : null}
    </main>
  );
}
