import { cleanup, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { afterEach, describe, expect, it } from 'vitest';
import SettingsPage from './settings-page.tsx';

function at(search: string) {
  window.history.replaceState(null, '', `/settings?${search}`);
  render(
    <Router>
      <SettingsPage />
    </Router>,
  );
}

describe('SettingsPage', () => {
  afterEach(cleanup);

  it.each([
    ['confirmed', /^Your email address has been changed\. Every other device has been signed out\.$/],
    ['invalid', /expired or was already used, so your email address is unchanged/],
    ['taken', /belongs to another account, so yours is unchanged/],
  ])('says how an email change ended (%s) when the confirmation link lands here', (outcome, message) => {
    at(`email=${outcome}`);
    expect(screen.getByRole('status').textContent).toMatch(message);
  });

  it('shows no notice otherwise', () => {
    at('email=%3Cscript%3E');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
