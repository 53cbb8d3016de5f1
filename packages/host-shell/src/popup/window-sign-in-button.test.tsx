import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createHostApi } from '../host-api.ts';
import { PopupBlockedError } from './open-popup.ts';
import { WindowSignInButton } from './window-sign-in-button.tsx';

const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1' };

describe('signing a panel in through a window', () => {
  it('keeps the tokens the window hands back', async () => {
    const { api, tokens: held } = createHostApi();
    render(<WindowSignInButton api={api} openWindow={async () => tokens} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(held.get()).toEqual(tokens));
  });

  it('says calmly that sign-in was cancelled', async () => {
    const { api, tokens: held } = createHostApi();
    render(<WindowSignInButton api={api} openWindow={async () => null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sign-in was cancelled.');
    expect(held.get()).toBeNull();
  });

  it('explains a blocked popup as an alert, not an uncaught error', async () => {
    const { api } = createHostApi();
    render(
      <WindowSignInButton
        api={api}
        openWindow={async () => {
          throw new PopupBlockedError();
        }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The sign-in window could not open. Your browser blocked the Vocal window. Allow pop-ups for this page, then try again.',
    );
  });
});
