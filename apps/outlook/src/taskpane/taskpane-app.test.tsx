import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient } from '@vocal/api-client';
import { createFakeHostAdapter } from '@vocal/host-contract';
import { describe, expect, it } from 'vitest';
import { TaskpaneApp } from './taskpane-app.tsx';

const pageUrl = 'https://vocal.example/hosts/outlook/taskpane.html';
const api = () => createApiClient({ baseUrl: 'https://vocal.example/api', fetch: () => Promise.reject(new Error('offline')) });

describe('the taskpane, signed out', () => {
  it('signs in through the host’s dialog, prefilled with the address Outlook knows', async () => {
    const fake = createFakeHostAdapter({ platform: 'outlook', context: { email: 'ada@example.com' } });
    render(<TaskpaneApp adapter={fake.adapter} api={api()} pageUrl={pageUrl} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Sign-in was cancelled.');
    expect(fake.calls).toContainEqual({
      name: 'signInWithDialog',
      url: 'https://vocal.example/hosts/outlook/dialog.html?mode=sign-in&email=ada%40example.com',
    });
  });

  it('keeps the tokens the dialog hands back, in memory', async () => {
    const client = api();
    const fake = createFakeHostAdapter({ dialogTokens: { accessToken: 'access', refreshToken: 'refresh' } });
    render(<TaskpaneApp adapter={fake.adapter} api={client} pageUrl={pageUrl} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('button', { name: 'Sign out' });
    expect(client.session.accessToken()).toBe('access');
    expect(window.localStorage.length).toBe(0);
  });

  it('says why when the sign-in window cannot open', async () => {
    const fake = createFakeHostAdapter();
    fake.adapter.signInWithDialog = async () => {
      throw new Error('A Vocal window is already open. Finish or close it first.');
    };
    render(<TaskpaneApp adapter={fake.adapter} api={api()} pageUrl={pageUrl} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The sign-in window could not open. A Vocal window is already open. Finish or close it first.',
    );
  });
});
