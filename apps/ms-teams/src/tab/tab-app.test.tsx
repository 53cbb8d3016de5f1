import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient } from '@vocal/api-client';
import { createFakeHostAdapter } from '@vocal/host-contract';
import { describe, expect, it } from 'vitest';
import type { MicrosoftSignIn } from './use-microsoft-sign-in.ts';
import { TabApp } from './tab-app.tsx';

const pageUrl = 'https://vocal.example/hosts/ms-teams/tab.html';
const offlineApi = () => createApiClient({ baseUrl: 'https://vocal.example/api', fetch: () => Promise.reject(new Error('offline')) });

function microsoft(enabled: boolean, signIn: () => Promise<void> = async () => undefined): MicrosoftSignIn & { asked: number } {
  const fake = { asked: 0, isEnabled: async () => enabled, signIn: async () => (fake.asked++, signIn()) };
  return fake;
}

describe('the tab, signed out', () => {
  it('asks Teams to open our sign-in window, prefilled with the address Teams knows', async () => {
    const fake = createFakeHostAdapter({ platform: 'ms-teams', context: { email: 'ada@example.com' } });
    render(<TabApp adapter={fake.adapter} api={offlineApi()} pageUrl={pageUrl} microsoft={microsoft(false)} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    await screen.findByText('Sign-in was cancelled.');
    expect(fake.calls).toContainEqual({
      name: 'signInWithDialog',
      url: 'https://vocal.example/hosts/ms-teams/auth.html?email=ada%40example.com',
    });
    expect(screen.queryByRole('button', { name: 'Continue with Microsoft' })).toBeNull();
  });

  it('keeps the tokens the window hands back, in memory only', async () => {
    const api = offlineApi();
    const fake = createFakeHostAdapter({ dialogTokens: { accessToken: 'access', refreshToken: 'refresh' } });
    render(<TabApp adapter={fake.adapter} api={api} pageUrl={pageUrl} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('button', { name: 'Sign out' });
    expect(api.session.accessToken()).toBe('access');
    expect(window.localStorage.length).toBe(0);
  });

  it('offers Continue with Microsoft first where the server has it, and email sign-in beside it', async () => {
    const sso = microsoft(true);
    render(<TabApp adapter={createFakeHostAdapter().adapter} api={offlineApi()} pageUrl={pageUrl} microsoft={sso} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Microsoft' }));
    expect(sso.asked).toBe(1);
    expect(screen.getByRole('button', { name: 'Sign in with email' })).toBeVisible();
  });

  it('says why Microsoft sign-in failed and points to email sign-in', async () => {
    const sso = microsoft(true, async () => {
      throw new Error('Teams did not give Vocal your Microsoft sign-in (resourceDisabled).');
    });
    render(<TabApp adapter={createFakeHostAdapter().adapter} api={offlineApi()} pageUrl={pageUrl} microsoft={sso} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Microsoft' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Microsoft sign-in did not work: Teams did not give Vocal your Microsoft sign-in (resourceDisabled). Sign in with your Vocal account instead.',
    );
  });
});
