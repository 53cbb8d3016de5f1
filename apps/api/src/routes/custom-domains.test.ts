import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedBackend, startTestServer, type TestServer } from '../testing/test-server.ts';

describe.each(embeddedBackend)('custom domains on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server.close());

  const proUser = async () => {
    const user = await server.signUp();
    await server.running.services.admin.setPlan({ email: user.email, plan: 'pro' });
    return user;
  };
  const setDomain = (token: string, domain: string | null) => server.call('POST', '/api/account', { token, json: { domain } });

  it('a domain belongs to one account: another claiming it, in any case, gets 409 and nothing changes', async () => {
    const first = await proUser();
    const second = await proUser();
    expect(await setDomain(first.access, 'voice.acme.example')).toMatchObject({ status: 200, body: { domain: 'voice.acme.example' } });
    for (const domain of ['voice.acme.example', 'VOICE.Acme.example']) {
      const taken = await setDomain(second.access, domain);
      expect(taken).toMatchObject({ status: 409, body: { msg: 'domain: another account already uses this domain' } });
    }
    expect((await server.call('GET', '/api/account', { token: second.access })).body.domain).toBeNull();
    // Its own domain set again is no conflict; once released, it is free for another.
    expect((await setDomain(first.access, 'voice.acme.example')).status).toBe(200);
    expect((await setDomain(first.access, null)).status).toBe(200);
    expect(await setDomain(second.access, 'voice.acme.example')).toMatchObject({ status: 200, body: { domain: 'voice.acme.example' } });
  });

  it('two accounts claiming one domain at the same moment: one gets it, the other 409', async () => {
    const claimants = await Promise.all([proUser(), proUser(), proUser()]);
    const replies = await Promise.all(claimants.map((user) => setDomain(user.access, 'race.acme.example')));
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409, 409]);
    for (const reply of replies.filter((each) => each.status === 409)) {
      expect(reply.body.msg).toBe('domain: another account already uses this domain');
    }
  });
});
