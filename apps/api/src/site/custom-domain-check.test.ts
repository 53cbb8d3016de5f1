import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalDnsServer, type LocalDnsServer } from '@vocal/e2e';
import type { CustomDomainState } from '@vocal/settings-model';
import { users } from '../db/schema.ts';
import { embeddedBackend, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { DOMAIN_CHECKS_PER_TEN_MINUTES } from './custom-domain-routes.ts';

const TARGET = 'voice.vocal-host.test';

describe.each(embeddedBackend)('the custom domain DNS check on %s', (backend) => {
  let server: TestServer;
  let dns: LocalDnsServer;
  beforeAll(async () => {
    // The names these tests make up are answered by a DNS server of their own, never a real one.
    dns = await startLocalDnsServer({ [TARGET]: { a: ['198.51.100.4'], aaaa: ['2001:db8::4'] } });
    server = await startTestServer(backend, { CUSTOM_DOMAIN_TARGET: TARGET, DNS_SERVERS: dns.address });
  });
  afterAll(async () => {
    await server.close();
    await dns.close();
  });

  let domains = 0;
  /** A Pro user with a fresh custom domain saved; the zone says what that domain resolves to. */
  const proUserWithDomain = async () => {
    const user = await server.signUp();
    await server.running.services.admin.setPlan({ email: user.email, plan: 'pro' });
    const domain = `voice${++domains}.customer-${backend}.test`;
    expect((await server.call('POST', '/api/account', { token: user.access, json: { domain } })).status).toBe(200);
    const state = (await server.call('GET', '/api/account/domain', { token: user.access })).body as CustomDomainState;
    const proof = state.records.find((record) => record.type === 'TXT')!;
    return { ...user, domain, proof };
  };
  const check = (token: string) => server.call('POST', '/api/account/domain/check', { token });

  it('names the records to create: a CNAME to the target host name, and a TXT record only this account is given', async () => {
    const nothing = await server.signUp();
    expect((await server.call('GET', '/api/account/domain', { token: nothing.access })).body).toMatchObject({
      target: TARGET,
      domain: null,
      status: 'none',
      records: [],
    });
    const user = await proUserWithDomain();
    const other = await proUserWithDomain();
    const state = (await server.call('GET', '/api/account/domain', { token: user.access })).body as CustomDomainState;
    expect(state).toMatchObject({ target: TARGET, domain: user.domain, status: 'pending', heldSince: null });
    expect(state.records).toEqual([
      { type: 'CNAME', name: user.domain, value: TARGET },
      { type: 'TXT', name: `_vocal-verify.${user.domain}`, value: expect.stringMatching(/^vocal-verify=[\w-]{32}$/) },
    ]);
    // A week to prove it.
    const days = (Date.parse(state.pendingUntil!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    expect(other.proof.value).not.toBe(user.proof.value);
  });

  it('a CNAME to our host points here; with the proof record too, the account holds the domain', async () => {
    const user = await proUserWithDomain();
    dns.zone[user.domain] = { cname: TARGET };
    expect((await check(user.access)).body).toMatchObject({
      domain: user.domain,
      status: 'points-here',
      proven: false,
      message: `${user.domain} points here. Add the TXT record below to prove it is yours; new links use it once it is proven.`,
      state: { status: 'pending' },
    });
    dns.zone[user.proof.name] = { txt: ['some-other-service=abc', user.proof.value] };
    expect((await check(user.access)).body).toMatchObject({
      status: 'points-here',
      proven: true,
      message: `${user.domain} points here and is proven yours: new listen links use https://${user.domain}.`,
      state: { status: 'held', pendingUntil: null },
    });
  });

  it("A records equal to our host's point here too (a flattened CNAME at the zone apex)", async () => {
    const user = await proUserWithDomain();
    dns.zone[user.domain] = { a: ['198.51.100.4'] };
    dns.zone[user.proof.name] = { txt: [user.proof.value] };
    expect((await check(user.access)).body).toMatchObject({ status: 'points-here', proven: true, state: { status: 'held' } });
  });

  it('says only whether the name points here: never the addresses or names it resolves to', async () => {
    const user = await proUserWithDomain();
    // Through an internal resolver, a public name can lead to an internal one.
    dns.zone[user.domain] = { cname: 'billing-db.corp.internal' };
    dns.zone['billing-db.corp.internal'] = { a: ['10.20.30.40'] };
    const elsewhere = await check(user.access);
    expect(elsewhere.body).toMatchObject({
      status: 'points-elsewhere',
      proven: false,
      message: `${user.domain} does not point at ${TARGET}. Make its record a CNAME for ${TARGET}. The TXT record below is needed too.`,
    });
    dns.zone[user.domain] = { a: ['203.0.113.10'] };
    const addressed = await check(user.access);
    expect(addressed.body).toMatchObject({ status: 'points-elsewhere' });
    for (const answer of [elsewhere, addressed]) {
      const text = JSON.stringify(answer.body);
      for (const secret of ['10.20.30.40', 'billing-db', '203.0.113.10', '198.51.100.4', '2001:db8::4']) expect(text).not.toContain(secret);
      expect(Object.keys(answer.body as object).sort()).toEqual(['domain', 'message', 'proven', 'state', 'status']);
    }
  });

  it('refuses names inside a network, on saving and on checking', async () => {
    const user = await proUserWithDomain();
    for (const domain of ['billing-db.corp.internal', 'printer.local', 'nas.lan', 'wiki.corp', 'router.home.arpa']) {
      const refused = await server.call('POST', '/api/account', { token: user.access, json: { domain } });
      expect(refused, domain).toMatchObject({ status: 400, body: { msg: expect.stringMatching(/^domain: names inside a network/) } });
    }
    expect((await server.call('GET', '/api/account', { token: user.access })).body.domain).toBe(user.domain);
    // One saved before the rule (the migration kept it): never looked up.
    await server.running.services.db.update(users).set({ domain: 'billing-db.corp.internal' }).where(eq(users.email, user.email));
    expect(await check(user.access)).toMatchObject({
      status: 400,
      body: { msg: expect.stringMatching(/^domain: names inside a network/) },
    });
  });

  it('a name that does not exist (NXDOMAIN), and one without records', async () => {
    const user = await proUserWithDomain();
    delete dns.zone[user.domain];
    expect((await check(user.access)).body).toMatchObject({
      status: 'not-found',
      message: `${user.domain} does not exist in DNS yet. Create the records below at your DNS provider; a new record can take up to an hour to be seen. The TXT record below is needed too.`,
    });
    dns.zone[user.domain] = {};
    expect((await check(user.access)).body).toMatchObject({ status: 'no-records' });
  });

  it('is Pro, needs a saved domain, and is rate-limited per account', async () => {
    const free = await server.signUp();
    expect(await check(free.access)).toMatchObject({
      status: 403,
      body: { msg: 'A custom domain is a Pro feature. Upgrade to use your own domain.' },
    });
    const pro = await server.signUp();
    await server.running.services.admin.setPlan({ email: pro.email, plan: 'pro' });
    expect(await check(pro.access)).toMatchObject({ status: 400, body: { msg: 'domain: save your custom domain first, then check it' } });
    expect((await server.call('POST', '/api/account/domain/check')).status).toBe(401);

    const user = await proUserWithDomain();
    dns.zone[user.domain] = { cname: TARGET };
    for (let index = 0; index < DOMAIN_CHECKS_PER_TEN_MINUTES; index++) expect((await check(user.access)).status).toBe(200);
    const refused = await check(user.access);
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toMatch(/^Too many DNS checks\. Try again in \d+ seconds\.$/);
    // Another account's checks are its own.
    expect((await check((await proUserWithDomain()).access)).status).toBe(200);
  });
});

describe('a server whose address is an IP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { PUBLIC_URL: 'http://192.0.2.10' });
  });
  afterAll(() => server.close());

  it('has no CNAME target: custom domains need the server to have a name', async () => {
    const user = await server.signUp();
    await server.running.services.admin.setPlan({ email: user.email, plan: 'pro' });
    expect((await server.call('POST', '/api/account', { token: user.access, json: { domain: 'voice.example.test' } })).status).toBe(200);
    expect((await server.call('GET', '/api/account/domain', { token: user.access })).body).toMatchObject({
      target: null,
      status: 'pending',
      records: [],
    });
    expect((await server.call('POST', '/api/account/domain/check', { token: user.access })).body).toMatchObject({
      proven: false,
      message: expect.stringContaining('custom domains need the server to have a name'),
    });
  });
});
