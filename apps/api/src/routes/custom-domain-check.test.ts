import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalDnsServer, type LocalDnsServer } from '@vocal/e2e';
import { embeddedBackend, startTestServer, type TestServer } from '../testing/test-server.ts';
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
    return { ...user, domain };
  };
  const check = (token: string) => server.call('POST', '/api/account/domain/check', { token });

  it('names the record to create: a CNAME to CUSTOM_DOMAIN_TARGET', async () => {
    const user = await server.signUp();
    expect(await server.call('GET', '/api/account/domain', { token: user.access })).toMatchObject({
      status: 200,
      body: { target: TARGET },
    });
  });

  it('a CNAME to our host points here', async () => {
    const user = await proUserWithDomain();
    dns.zone[user.domain] = { cname: TARGET };
    expect(await check(user.access)).toMatchObject({
      status: 200,
      body: {
        domain: user.domain,
        target: TARGET,
        status: 'points-here',
        cname: TARGET,
        message: `${user.domain} points at ${TARGET}: listen links on ${user.domain} will reach this server.`,
      },
    });
  });

  it("A records equal to our host's point here too (a flattened CNAME at the zone apex)", async () => {
    const user = await proUserWithDomain();
    dns.zone[user.domain] = { a: ['198.51.100.4'] };
    expect((await check(user.access)).body).toMatchObject({ status: 'points-here', cname: null, addresses: ['198.51.100.4'] });
  });

  it('a CNAME or addresses elsewhere: says what it found instead', async () => {
    const user = await proUserWithDomain();
    dns.zone[user.domain] = { cname: 'shop.elsewhere.test' };
    dns.zone['shop.elsewhere.test'] = { a: ['203.0.113.9'] };
    expect((await check(user.access)).body).toMatchObject({
      status: 'points-elsewhere',
      cname: 'shop.elsewhere.test',
      addresses: ['203.0.113.9'],
      message: `${user.domain} is a CNAME for shop.elsewhere.test, not for ${TARGET}. Change the record's target to ${TARGET}.`,
    });

    dns.zone[user.domain] = { a: ['203.0.113.10'] };
    expect((await check(user.access)).body).toMatchObject({
      status: 'points-elsewhere',
      cname: null,
      addresses: ['203.0.113.10'],
      message: `${user.domain} resolves to 203.0.113.10, not to ${TARGET} (which is 198.51.100.4, 2001:db8::4). Replace its A or AAAA records with the CNAME record below.`,
    });
  });

  it('a name that does not exist (NXDOMAIN), and one without records', async () => {
    const user = await proUserWithDomain();
    delete dns.zone[user.domain];
    expect((await check(user.access)).body).toMatchObject({
      status: 'not-found',
      cname: null,
      addresses: [],
      message: `${user.domain} does not exist in DNS yet. Create the CNAME record below at your DNS provider; a new record can take up to an hour to be seen.`,
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
