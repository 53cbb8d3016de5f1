import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient } from '@vocal/api-client';
import { createFakeHostAdapter } from '@vocal/host-contract';
import type { HandoffWait, HandoffWaitStore } from '@vocal/host-shell';
import { describe, expect, it, vi } from 'vitest';
import { SidebarApp } from './sidebar-app.tsx';

const pageUrl = 'https://vocal.example/hosts/front-app/sidebar.html';
const api = () => createApiClient({ baseUrl: 'https://vocal.example/api', fetch: () => Promise.reject(new Error('offline')) });

/** A wait that never changes, as the handoff recorder publishes one. */
const storeOf = (wait: HandoffWait | null): HandoffWaitStore => ({ get: () => wait, subscribe: () => () => undefined });

describe('the sidebar, signed out', () => {
  it('signs in inside the sidebar, no window to open, prefilled with the teammate’s address', async () => {
    const fake = createFakeHostAdapter({ platform: 'front-app', context: { email: 'ada@example.com' } });
    render(<SidebarApp adapter={fake.adapter} api={api()} pageUrl={pageUrl} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Voice messages in your replies' })).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByRole('textbox', { name: 'Email' })).toHaveProperty('value', 'ada@example.com'));
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'a long secret');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    // Offline here: the server's answer is the browser test's business; no window was asked for.
    await screen.findByRole('alert');
    expect(fake.calls.map((call) => call.name)).not.toContain('signInWithDialog');
  });
});

describe('the sidebar while a message is recorded in the browser', () => {
  const signedIn = () => {
    const client = api();
    client.session.setTokens({ accessToken: 'access', refreshToken: 'refresh' });
    return client;
  };

  it('says where to record and offers to open the tab again or stop waiting', async () => {
    const fake = createFakeHostAdapter({ platform: 'front-app' });
    const wait = { url: 'https://vocal.example/record/handoff/x', opened: true, reopen: vi.fn(async () => undefined), cancel: vi.fn() };
    render(<SidebarApp adapter={fake.adapter} api={signedIn()} pageUrl={pageUrl} handoff={storeOf(wait)} />);
    expect(screen.getByRole('heading', { name: 'Recording in your browser' })).toBeTruthy();
    expect(screen.getByText(/Record there and choose/).textContent).toContain('Send to Front');
    await userEvent.click(screen.getByRole('button', { name: 'Open the tab again' }));
    await userEvent.click(screen.getByRole('button', { name: 'Stop waiting' }));
    expect(wait.reopen).toHaveBeenCalledTimes(1);
    expect(wait.cancel).toHaveBeenCalledTimes(1);
  });

  it('hands out the address when nothing could open the tab', () => {
    const fake = createFakeHostAdapter({ platform: 'front-app' });
    const wait = { url: 'https://vocal.example/record/handoff/x', opened: false, reopen: vi.fn(), cancel: vi.fn() };
    render(<SidebarApp adapter={fake.adapter} api={signedIn()} pageUrl={pageUrl} handoff={storeOf(wait)} />);
    expect(screen.getByRole('textbox', { name: 'Address to open in your browser' })).toHaveProperty('value', wait.url);
    expect(screen.queryByRole('button', { name: 'Open the tab again' })).toBeNull();
  });
});
