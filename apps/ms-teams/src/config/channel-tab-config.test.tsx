import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeTeamsConfig } from '../host/teams-fake-sdk.ts';
import { connectTabConfiguration } from '../host/teams-tab-config.ts';
import { ChannelTabConfig, DEFAULT_TAB_NAME } from './channel-tab-config.tsx';

const pageUrl = 'https://vocal.example/hosts/ms-teams/config.html';

function setup() {
  const fake = createFakeTeamsConfig();
  render(<ChannelTabConfig pageUrl={pageUrl} channelName="General" connect={(current) => connectTabConfiguration(fake.sdk, current)} />);
  return fake;
}

describe('the channel tab’s configuration page', () => {
  it('names the channel, enables Save, and saves our tab page under the chosen name', async () => {
    const fake = setup();
    expect(screen.getByRole('heading', { name: 'Add Vocal to General' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Tab name' })).toHaveValue(DEFAULT_TAB_NAME);
    expect(fake.state.valid).toBe(true);

    await userEvent.clear(screen.getByRole('textbox', { name: 'Tab name' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Tab name' }), '  Team voice ');
    expect(await fake.save()).toBe('success');
    expect(fake.state.configs).toEqual([
      {
        entityId: 'vocal-record',
        contentUrl: 'https://vocal.example/hosts/ms-teams/tab.html',
        websiteUrl: 'https://vocal.example/record',
        suggestedDisplayName: 'Team voice',
      },
    ]);
  });

  it('disables Save and says why while the name is empty', async () => {
    const fake = setup();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Tab name' }));
    expect(fake.state.valid).toBe(false);
    expect(screen.getByText('Give the tab a name')).toBeVisible();
    expect(await fake.save()).toEqual({ failure: 'Give the tab a name first.' });
  });
});
