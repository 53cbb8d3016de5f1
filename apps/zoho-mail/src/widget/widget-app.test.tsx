import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient } from '@vocal/api-client';
import { createFakeHostAdapter } from '@vocal/host-contract';
import type { HandoffWaitStore } from '@vocal/host-shell';
import { describe, expect, it, vi } from 'vitest';
import { WidgetApp } from './widget-app.tsx';

const serverUrl = 'https://vocal.example/';
const api = () => createApiClient({ baseUrl: 'https://vocal.example/api', fetch: () => Promise.reject(new Error('offline')) });

describe('the widget, signed out', () => {
  it('signs in inside the widget (no window to open), tokens in memory only', async () => {
    const fake = createFakeHostAdapter({ platform: 'zoho-mail' });
    render(<WidgetApp adapter={fake.adapter} api={api()} serverUrl={serverUrl} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Voice messages in your email' })).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'a long secret');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('alert');
    expect(fake.calls.map((call) => call.name)).not.toContain('signInWithDialog');
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
  });
});

describe('the widget while a message is recorded in a browser tab', () => {
  it('says to record there and send it to Zoho Mail, with Stop waiting', async () => {
    const client = api();
    client.session.setTokens({ accessToken: 'access', refreshToken: 'refresh' });
    const wait = { url: 'https://vocal.example/record/handoff/abc', opened: true, reopen: vi.fn(async () => undefined), cancel: vi.fn() };
    const store: HandoffWaitStore = { get: () => wait, subscribe: () => () => undefined };
    render(
      <WidgetApp adapter={createFakeHostAdapter({ platform: 'zoho-mail' }).adapter} api={client} serverUrl={serverUrl} handoff={store} />,
    );
    expect(screen.getByText(/Record there and choose/).textContent).toContain('Send to Zoho Mail');
    await userEvent.click(screen.getByRole('button', { name: 'Stop waiting' }));
    expect(wait.cancel).toHaveBeenCalledTimes(1);
  });
});
