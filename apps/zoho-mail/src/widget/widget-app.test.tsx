import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient } from '@vocal/api-client';
import { createFakeHostAdapter } from '@vocal/host-contract';
import { describe, expect, it } from 'vitest';
import { WidgetApp } from './widget-app.tsx';

const pageUrl = 'https://vocal.example/hosts/zoho-mail/widget.html?location=zoho.mail.preview.rightpanel';
const api = () => createApiClient({ baseUrl: 'https://vocal.example/api', fetch: () => Promise.reject(new Error('offline')) });

describe('the widget, signed out', () => {
  it('signs in through our sign-in window for Zoho Mail', async () => {
    const fake = createFakeHostAdapter({ platform: 'zoho-mail' });
    render(<WidgetApp adapter={fake.adapter} api={api()} pageUrl={pageUrl} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Sign-in was cancelled.');
    expect(fake.calls).toContainEqual({ name: 'signInWithDialog', url: 'https://vocal.example/hosts-sign-in?host=zoho-mail' });
  });

  it('keeps the tokens the window hands back, in memory only', async () => {
    const client = api();
    const fake = createFakeHostAdapter({ platform: 'zoho-mail', dialogTokens: { accessToken: 'access', refreshToken: 'refresh' } });
    render(<WidgetApp adapter={fake.adapter} api={client} pageUrl={pageUrl} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('button', { name: 'Sign out' });
    expect(client.session.accessToken()).toBe('access');
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('says why when the sign-in window cannot open (a blocked popup)', async () => {
    const fake = createFakeHostAdapter({ platform: 'zoho-mail' });
    fake.adapter.signInWithDialog = async () => {
      throw new Error('The browser blocked the window.');
    };
    render(<WidgetApp adapter={fake.adapter} api={api()} pageUrl={pageUrl} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The sign-in window could not open. The browser blocked the window.');
  });
});
