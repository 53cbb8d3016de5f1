import { createApiClient } from '@vocal/api-client';
import { describe, expect, it } from 'vitest';
import { createMicrosoftSignIn } from './microsoft-sign-in.ts';

function apiAnswering(answer: (path: string, body: unknown) => Response) {
  const requests: { path: string; body: unknown }[] = [];
  const api = createApiClient({
    baseUrl: 'https://vocal.example/api',
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      const body = request.method === 'POST' ? await request.json() : null;
      requests.push({ path, body });
      return answer(path, body);
    },
  });
  return { api, requests };
}

describe('Microsoft sign-in over our API', () => {
  it('is on only when the sign-up policy names a Microsoft client', async () => {
    const on = apiAnswering(() => Response.json({ signup: 'open', contact: null, microsoft: { clientId: 'abc' } }));
    expect(await createMicrosoftSignIn(on.api, async () => 'token').isEnabled()).toBe(true);
    const off = apiAnswering(() => Response.json({ signup: 'open', contact: null, microsoft: null }));
    expect(await createMicrosoftSignIn(off.api, async () => 'token').isEnabled()).toBe(false);
    const older = apiAnswering(() => Response.json({ signup: 'open', contact: null }));
    expect(await createMicrosoftSignIn(older.api, async () => 'token').isEnabled()).toBe(false);
  });

  it('exchanges the token Teams gives for our session', async () => {
    const { api, requests } = apiAnswering(() => Response.json({ access_token: 'access', refresh_token: 'refresh' }));
    await createMicrosoftSignIn(api, async () => 'microsoft-token').signIn();
    expect(requests).toEqual([{ path: '/api/microsoft-auth', body: { token: 'microsoft-token' } }]);
    expect(api.session.accessToken()).toBe('access');
  });

  it('rejects with the server’s reason when it refuses the token', async () => {
    const { api } = apiAnswering(() => Response.json({ msg: 'The Microsoft token is not for this app' }, { status: 401 }));
    await expect(createMicrosoftSignIn(api, async () => 'forged').signIn()).rejects.toThrow('The Microsoft token is not for this app');
    expect(api.session.accessToken()).toBeFalsy();
  });
});
