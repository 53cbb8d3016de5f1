import { describe, expect, it } from 'vitest';
import { createFakeTeamsConfig } from './teams-fake-sdk.ts';
import { connectTabConfiguration } from './teams-tab-config.ts';

const config = { entityId: 'vocal-record', contentUrl: 'https://vocal.example/hosts/ms-teams/tab.html', suggestedDisplayName: 'Voice' };

describe('a tab’s configuration, on Teams’ side', () => {
  it('enables Save as the page says, then stores the settings and answers the save event once', async () => {
    const fake = createFakeTeamsConfig();
    const teams = connectTabConfiguration(fake.sdk, () => config);
    expect(fake.state.valid).toBe(false);
    teams.setValid(true);
    expect(fake.state.valid).toBe(true);
    expect(await fake.save()).toBe('success');
    expect(fake.state.configs).toEqual([config]);
  });

  it('fails the save with a reason when there is nothing valid to store', async () => {
    const fake = createFakeTeamsConfig();
    connectTabConfiguration(fake.sdk, () => null);
    expect(await fake.save()).toEqual({ failure: 'Give the tab a name first.' });
    expect(fake.state.configs).toEqual([]);
  });

  it('fails the save with Teams’ own reason when setConfig is refused', async () => {
    const fake = createFakeTeamsConfig({ setConfigError: new Error('Not allowed in this chat') });
    connectTabConfiguration(fake.sdk, () => config);
    expect(await fake.save()).toEqual({ failure: 'Not allowed in this chat' });
  });
});
