import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient } from '@vocal/api-client';
import { createFakeHostAdapter } from '@vocal/host-contract';
import { describe, expect, it, vi } from 'vitest';
import { ZendeskLook } from '../host/garden/zendesk-look.tsx';
import { SidebarApp } from './sidebar-app.tsx';

const pageUrl = 'https://vocal.example/hosts/zendesk/sidebar.html?origin=https%3A%2F%2Facme.zendesk.com&app_guid=x';
const api = () => createApiClient({ baseUrl: 'https://vocal.example/api', fetch: () => Promise.reject(new Error('offline')) });

function renderSidebar(adapter: Parameters<typeof SidebarApp>[0]['adapter'], client = api()) {
  render(
    <ZendeskLook scheme="light">
      <SidebarApp adapter={adapter} api={client} pageUrl={pageUrl} />
    </ZendeskLook>,
  );
  return client;
}

describe('the Zendesk sidebar, signed out', () => {
  it('renders Garden under React 19 without a warning', () => {
    const errors = vi.spyOn(console, 'error');
    renderSidebar(createFakeHostAdapter({ platform: 'zendesk' }).adapter);
    expect(screen.getByRole('heading', { name: 'Answer with your voice' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(errors).not.toHaveBeenCalled();
  });

  it('signs in through our sign-in window, prefilled with the agent’s address', async () => {
    const fake = createFakeHostAdapter({ platform: 'zendesk', context: { email: 'agent@example.com' } });
    renderSidebar(fake.adapter);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('status')).textContent).toBe('Sign-in was cancelled.');
    expect(fake.calls).toContainEqual({
      name: 'signInWithDialog',
      url: 'https://vocal.example/hosts-sign-in?host=zendesk&email=agent%40example.com',
    });
  });

  it('keeps the tokens the window hands back, in memory only', async () => {
    const fake = createFakeHostAdapter({ platform: 'zendesk', dialogTokens: { accessToken: 'access', refreshToken: 'refresh' } });
    const client = renderSidebar(fake.adapter);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('button', { name: 'Sign out' });
    expect(client.session.accessToken()).toBe('access');
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('says why when the window cannot open (a pop-up blocker)', async () => {
    const fake = createFakeHostAdapter({ platform: 'zendesk' });
    fake.adapter.signInWithDialog = async () => {
      throw new Error('Your browser blocked the Vocal window. Allow pop-ups for this page, then try again.');
    };
    renderSidebar(fake.adapter);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The sign-in window could not open. Your browser blocked the Vocal window. Allow pop-ups for this page, then try again.',
    );
  });
});
