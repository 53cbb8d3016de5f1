import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient } from '@vocal/api-client';
import { createFakeHostAdapter } from '@vocal/host-contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MicrophoneGrant } from '../host/outlook-microphone-permission.ts';
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

describe('the taskpane where Office guards the microphone (DevicePermission 1.1)', () => {
  afterEach(() => window.localStorage.clear());

  /** Signed in through the fake dialog, with Office answering the microphone request `grant`. */
  async function signedInWith(grant: MicrophoneGrant) {
    const fake = createFakeHostAdapter({ dialogTokens: { accessToken: 'access', refreshToken: 'refresh' } });
    const request = vi.fn(async () => grant);
    const carrySession = vi.fn();
    const reload = vi.fn();
    render(
      <TaskpaneApp
        adapter={fake.adapter}
        api={api()}
        pageUrl={pageUrl}
        microphonePermission={{ request }}
        carrySession={carrySession}
        reload={reload}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('button', { name: 'Sign out' });
    return { request, carrySession, reload };
  }

  it('asks Office first; a first grant keeps the session and reloads, as Office requires', async () => {
    const { request, carrySession, reload } = await signedInWith('reload');
    expect(screen.getByRole('heading', { name: 'Allow the microphone' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Allow the microphone' }));
    expect(request).toHaveBeenCalledTimes(1);
    expect(carrySession).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(carrySession.mock.invocationCallOrder[0]).toBeLessThan(reload.mock.invocationCallOrder[0]!);
    expect(await screen.findByText('Outlook allowed the microphone. Starting Vocal again…')).toBeTruthy();
  });

  it('goes straight on to recording when Office had granted it before, and does not ask again', async () => {
    const { reload } = await signedInWith('granted');
    await userEvent.click(screen.getByRole('button', { name: 'Allow the microphone' }));
    expect(screen.queryByRole('heading', { name: 'Allow the microphone' })).toBeNull();
    expect(reload).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('vocal.outlook.microphone-allowed')).toBe('true');
  });

  it('says what to do when Office refuses, and shows the record flow with its way out', async () => {
    const { carrySession, reload } = await signedInWith('refused');
    await userEvent.click(screen.getByRole('button', { name: 'Allow the microphone' }));
    expect(
      await screen.findByText(
        'Outlook did not allow the microphone here. When you start recording, Vocal offers to record in a new window instead.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Allow the microphone' })).toBeNull();
    expect(carrySession).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });
});
