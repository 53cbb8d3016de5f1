import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createApiClient, type ApiClient } from '@vocal/api-client';
import { createFakeHostAdapter } from '@vocal/host-contract';
import { defaultPersonalisation, userSchema } from '@vocal/settings-model';
import { describe, expect, it, vi } from 'vitest';
import { HostPanel, type HostPanelControls } from './host-panel.tsx';
import type { PanelNotice } from './popup/use-window-sign-in.ts';
import type { useAccount } from './use-account.ts';

const pageUrl = 'https://vocal.example/hosts/zoho-mail/widget.html';
const api = () => createApiClient({ baseUrl: 'https://vocal.example/api', fetch: () => Promise.reject(new Error('offline')) });
const ready: ReturnType<typeof useAccount> = {
  status: 'ready',
  user: userSchema.parse({ id: 7, email: 'agent@example.com' }),
  settings: defaultPersonalisation(),
  retry: () => undefined,
};

/** A panel as an app puts it together, holding its notice the way the apps do. */
function Panel(props: { client: ApiClient; signedIn: boolean; account: ReturnType<typeof useAccount>; controls?: HostPanelControls }) {
  const [notice, setNotice] = useState<PanelNotice>({ tone: 'info', text: 'Sign-in was cancelled.' });
  return (
    <HostPanel
      className="widget"
      api={props.client}
      signedIn={props.signedIn}
      account={props.account}
      signedOut={<button type="button">Sign in</button>}
      heading="Record a voice message"
      notice={notice}
      setNotice={setNotice}
      host={createFakeHostAdapter({ platform: 'zoho-mail' }).adapter}
      pageUrl={pageUrl}
      recordInWindowUrl="https://vocal.example/record/zoho-mail"
      controls={props.controls}
    />
  );
}

/** A signed-in panel's props, for tests that need no state. */
const panelProps = (client: ApiClient) => ({
  className: 'teams-page',
  api: client,
  signedIn: true,
  account: ready,
  signedOut: null,
  notice: null,
  setNotice: () => undefined,
  host: createFakeHostAdapter({ platform: 'ms-teams' }).adapter,
  pageUrl,
});

describe('a host panel', () => {
  it("signed out, shows the app's way in under the brand header, and no Sign out", () => {
    render(<Panel client={api()} signedIn={false} account={{ status: 'loading', retry: () => undefined }} />);
    expect(screen.getByRole('main')).toHaveClass('widget');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('signed in, names the person, shows the notice and the record flow', () => {
    render(<Panel client={api()} signedIn account={ready} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Record a voice message' })).toBeInTheDocument();
    expect(screen.getByText('Signed in as agent@example.com')).toBeInTheDocument();
    expect(screen.getByText('Sign-in was cancelled.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Start recording' })).toBeInTheDocument();
  });

  it('waits for the account, then says why it failed with a way to try again', async () => {
    const { rerender } = render(<Panel client={api()} signedIn account={{ status: 'loading', retry: () => undefined }} />);
    expect(screen.queryByRole('button', { name: 'Start recording' })).toBeNull();
    const retry = vi.fn();
    rerender(<Panel client={api()} signedIn account={{ status: 'failed', message: 'Your account could not be loaded.', retry }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Your account could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('signs out: the notice goes and the session ends', async () => {
    const client = api();
    client.session.setTokens({ accessToken: 'access', refreshToken: 'refresh' });
    render(<Panel client={client} signedIn account={ready} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(screen.queryByText('Sign-in was cancelled.')).toBeNull();
    expect(client.session.accessToken()).toBeNull();
  });

  it('says what the page does between the header and who is signed in, where the app gives an intro', () => {
    render(<HostPanel {...panelProps(api())} intro={<p>Pick the chat it goes to.</p>} />);
    const intro = screen.getByText('Pick the chat it goes to.');
    const who = screen.getByText('Signed in as agent@example.com');
    expect(intro.compareDocumentPosition(who) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the host’s own step in place of the record flow while it gives one (Outlook asking Office for the microphone)', () => {
    const { rerender } = render(<HostPanel {...panelProps(api())} beforeRecording={<h1>Allow the microphone</h1>} />);
    expect(screen.getByRole('heading', { name: 'Allow the microphone' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start recording' })).toBeNull();
    expect(screen.getByText('Signed in as agent@example.com')).toBeInTheDocument();
    rerender(<HostPanel {...panelProps(api())} />);
    expect(screen.queryByRole('heading', { name: 'Allow the microphone' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Start recording' })).toBeInTheDocument();
  });

  it("draws Sign out, who and the notice with the host's own controls where it gives them", () => {
    const controls: HostPanelControls = {
      signOut: () => <button type="button">Leave</button>,
      who: (email) => <em>{email}</em>,
      notice: (notice) => <strong>{notice.text}</strong>,
    };
    render(<Panel client={api()} signedIn account={ready} controls={controls} />);
    expect(screen.getByRole('button', { name: 'Leave' })).toBeInTheDocument();
    expect(screen.getByText('agent@example.com').tagName).toBe('EM');
    expect(screen.getByText('Sign-in was cancelled.').tagName).toBe('STRONG');
  });

  it("links a Free person to the upgrade page on the panel's origin, naming the Meet add-on where its checkout differs", () => {
    const { unmount } = render(<HostPanel {...panelProps(api())} />);
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', 'https://vocal.example/upgrade');
    unmount();
    render(<HostPanel {...panelProps(api())} upgradeFrom="google-meet" />);
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', 'https://vocal.example/upgrade?from=google-meet');
  });
});
