import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient, memoryTokenStore } from '@vocal/api-client';
import { createFakeHostAdapter } from '@vocal/host-contract';
import { describe, expect, it, vi } from 'vitest';
import type { MicrophoneAccess, MicrophoneState } from '../host/microphone-access.ts';
import { ExtensionPanel } from './extension-panel.tsx';

/** An API client whose calls never answer: the panel's own steps are under test, not the account. */
const apiClient = (signedIn: boolean) =>
  createApiClient({
    baseUrl: 'https://vocal.example.com/api',
    tokenStore: memoryTokenStore(signedIn ? { accessToken: 'a', refreshToken: 'r' } : null),
    fetch: () => new Promise<Response>(() => undefined),
  });

function microphone(state: MicrophoneState): MicrophoneAccess & { opened: number } {
  const access = {
    opened: 0,
    check: async () => state,
    subscribe: () => () => undefined,
    openGrantPage: async () => void access.opened++,
    remember: async () => undefined,
  };
  return access;
}

function renderPanel(options: { signedIn: boolean; microphone?: MicrophoneState; onClose?: () => void }) {
  const openSignIn = vi.fn(async () => undefined);
  const access = microphone(options.microphone ?? 'granted');
  render(
    <ExtensionPanel
      adapter={createFakeHostAdapter().adapter}
      api={apiClient(options.signedIn)}
      microphone={access}
      openSignIn={openSignIn}
      server="https://vocal.example.com"
      onClose={options.onClose}
      lead="Record a message and Vocal puts its link into the email you are writing."
    />,
  );
  return { openSignIn, access };
}

describe('the extension’s panel', () => {
  it('signed out: Sign in opens the web app’s tab and says where to finish', async () => {
    const { openSignIn } = renderPanel({ signedIn: false });
    expect(screen.getByText('Sign-in opens Vocal in a new tab. New here? The same tab creates your account.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(openSignIn).toHaveBeenCalledTimes(1);
    expect(
      await screen.findByText('Finish signing in in the Vocal tab. This panel carries on by itself once you have.'),
    ).toBeInTheDocument();
  });

  it('signed in without the microphone: sends the person to the grant tab, and says when it was refused', async () => {
    const { access } = renderPanel({ signedIn: true, microphone: 'needed' });
    expect(await screen.findByRole('heading', { name: 'Allow the microphone once' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Allow microphone' }));
    expect(access.opened).toBe(1);
    expect(screen.queryByRole('button', { name: 'Start recording' })).toBeNull();
  });

  it('shows the blocked microphone as such', async () => {
    renderPanel({ signedIn: true, microphone: 'blocked' });
    expect(await screen.findByRole('heading', { name: 'The microphone is blocked' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('offers Close where the surface has one (the compose frame), signed in or out', async () => {
    const onClose = vi.fn();
    renderPanel({ signedIn: false, onClose });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
