import { describe, expect, it } from 'vitest';
import { createFakeTeams } from './teams-fake-sdk.ts';
import { teamsSingleSignOnToken } from './teams-single-sign-on.ts';

describe('the Microsoft token from Teams', () => {
  it('is what getAuthToken gives', async () => {
    const { sdk, calls } = createFakeTeams({ authToken: { token: 'eyJ.token' } });
    expect(await teamsSingleSignOnToken(sdk)).toBe('eyJ.token');
    expect(calls.authTokens).toBe(1);
  });

  it('fails with Teams’ code kept in the message', async () => {
    const { sdk } = createFakeTeams({ authToken: { failure: 'resourceDisabled' } });
    await expect(teamsSingleSignOnToken(sdk)).rejects.toThrow('Teams did not give Vocal your Microsoft sign-in (resourceDisabled).');
  });
});
