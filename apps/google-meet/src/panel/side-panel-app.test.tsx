import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient } from '@vocal/api-client';
import { createFakeHostAdapter } from '@vocal/host-contract';
import { describe, expect, it } from 'vitest';
import { SidePanelApp } from './side-panel-app.tsx';

const pageUrl = 'https://vocal.example/addons/meet?project=123456';
const api = () => createApiClient({ baseUrl: 'https://vocal.example/api', fetch: () => Promise.reject(new Error('offline')) });

describe('the side panel, signed out', () => {
  it('says what the add-on does, and signs in through our sign-in window', async () => {
    const fake = createFakeHostAdapter({ platform: 'google-meet' });
    render(<SidePanelApp adapter={fake.adapter} api={api()} pageUrl={pageUrl} />);
    expect(screen.getByRole('heading', { name: 'Voice messages in your meetings' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Sign-in was cancelled.');
    expect(fake.calls).toContainEqual({ name: 'signInWithDialog', url: 'https://vocal.example/hosts-sign-in?host=google-meet' });
  });

  it('keeps the tokens the window hands back, in memory only', async () => {
    const client = api();
    const fake = createFakeHostAdapter({ platform: 'google-meet', dialogTokens: { accessToken: 'access', refreshToken: 'refresh' } });
    render(<SidePanelApp adapter={fake.adapter} api={client} pageUrl={pageUrl} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('button', { name: 'Sign out' });
    expect(client.session.accessToken()).toBe('access');
    expect(window.localStorage.length).toBe(0);
  });

  it('says why when the browser blocks the sign-in window', async () => {
    const fake = createFakeHostAdapter({ platform: 'google-meet' });
    fake.adapter.signInWithDialog = async () => {
      throw new Error('Your browser blocked the Vocal window. Allow pop-ups for this page, then try again.');
    };
    render(<SidePanelApp adapter={fake.adapter} api={api()} pageUrl={pageUrl} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The sign-in window could not open. Your browser blocked the Vocal window. Allow pop-ups for this page, then try again.',
    );
  });
});
