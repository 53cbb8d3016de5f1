import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient } from '@vocal/api-client';
import { createFakeHostAdapter } from '@vocal/host-contract';
import type { HandoffWaitStore } from '@vocal/host-shell';
import { describe, expect, it, vi } from 'vitest';
import { SidePanelApp } from './side-panel-app.tsx';

const pageUrl = 'https://vocal.example/addons/meet?project=123456';
const api = () => createApiClient({ baseUrl: 'https://vocal.example/api', fetch: () => Promise.reject(new Error('offline')) });

describe('the side panel, signed out', () => {
  it('says what the add-on does, and signs in inside the panel (no window to block)', async () => {
    const fake = createFakeHostAdapter({ platform: 'google-meet' });
    render(<SidePanelApp adapter={fake.adapter} api={api()} pageUrl={pageUrl} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Voice messages in your meetings' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'a long secret');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('alert');
    expect(fake.calls.map((call) => call.name)).not.toContain('signInWithDialog');
  });
});

describe('the side panel while a message is recorded in a browser tab', () => {
  it('hands out the record page’s address when the browser blocked the tab, and Stop waiting ends it', async () => {
    const client = api();
    client.session.setTokens({ accessToken: 'access', refreshToken: 'refresh' });
    const wait = { url: 'https://vocal.example/record/handoff/abc', opened: false, reopen: vi.fn(), cancel: vi.fn() };
    const store: HandoffWaitStore = { get: () => wait, subscribe: () => () => undefined };
    render(
      <SidePanelApp adapter={createFakeHostAdapter({ platform: 'google-meet' }).adapter} api={client} pageUrl={pageUrl} handoff={store} />,
    );
    expect(screen.getByText(/Google Meet did not let Vocal open a tab/).textContent).toContain('Send to Google Meet');
    expect(screen.getByRole('textbox', { name: 'Address to open in your browser' })).toHaveProperty('value', wait.url);
    await userEvent.click(screen.getByRole('button', { name: 'Stop waiting' }));
    expect(wait.cancel).toHaveBeenCalledTimes(1);
  });
});
