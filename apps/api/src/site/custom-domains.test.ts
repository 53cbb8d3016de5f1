import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { startLocalDnsServer, type LocalDnsServer } from '@vocal/e2e';
import type { CustomDomainState } from '@vocal/settings-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { embeddedBackend, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { samplePng, threeSecondMp3, uploadForm, waitFor } from '../../test/harness/upload-form.ts';

/**
 * Who holds a custom domain and what it serves (issue 24), against a DNS server of the test's
 * own: a claim is held only once DNS proves it; a message is served under a custom domain only
 * when its owner holds it; links use a domain only while it is held and points here; the daily
 * check drops unproven claims and tells the owner when a domain stops pointing here, and links
 * shared before keep working on both addresses.
 */
const TARGET = 'links.vocal-host.test';

describe.each(embeddedBackend)('custom domains on %s', (backend) => {
  let server: TestServer;
  let dns: LocalDnsServer;
  beforeAll(async () => {
    dns = await startLocalDnsServer({ [TARGET]: { a: ['198.51.100.4'] } });
    // TRUST_PROXY: the tests name the host a request was sent to in X-Forwarded-Host.
    server = await startTestServer(backend, { CUSTOM_DOMAIN_TARGET: TARGET, DNS_SERVERS: dns.address, TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await server.close();
    await dns.close();
  });

  const proUser = async () => {
    const user = await server.signUp();
    await server.running.services.admin.setPlan({ email: user.email, plan: 'pro' });
    return user;
  };
  const setDomain = (token: string, domain: string | null) => server.call('POST', '/api/account', { token, json: { domain } });
  const stateOf = async (token: string) => (await server.call('GET', '/api/account/domain', { token })).body as CustomDomainState;
  const proofOf = async (token: string) => (await stateOf(token)).records.find((record) => record.type === 'TXT')!;
  const check = (token: string) => server.call('POST', '/api/account/domain/check', { token });
  /** Points `domain` here and puts the proof of the account behind `token` in its TXT record. */
  const prove = async (token: string, domain: string) => {
    dns.zone[domain] = { cname: TARGET };
    const proof = await proofOf(token);
    dns.zone[proof.name] = { txt: [proof.value] };
  };
  async function send(token: string) {
    const id = (await server.call('GET', '/api/get-vocal', { token })).body.id as string;
    const uploaded = await server.call('POST', '/api/upload-vocal', {
      token,
      form: uploadForm({ recording: await threeSecondMp3(), image: samplePng(), context: { id, duration: 3, peaks: [0.5] } }),
    });
    expect(uploaded.status).toBe(200);
    return { id, url: uploaded.body.url as string };
  }
  const onHost = (host: string, path: string) => server.call('GET', path, { headers: { 'x-forwarded-host': host } });

  it('a squatter cannot block the real owner: claims overlap, and the account whose proof DNS carries holds the domain', async () => {
    const squatter = await proUser();
    const owner = await proUser();
    expect(await setDomain(squatter.access, 'voice.bigcorp.test')).toMatchObject({ status: 200, body: { domain: 'voice.bigcorp.test' } });
    expect(await setDomain(owner.access, 'voice.bigcorp.test')).toMatchObject({ status: 200, body: { domain: 'voice.bigcorp.test' } });
    await prove(owner.access, 'voice.bigcorp.test');
    // The name points here, but its TXT record carries the owner's proof, not the squatter's.
    expect((await check(squatter.access)).body).toMatchObject({ status: 'points-here', proven: false, state: { status: 'pending' } });
    expect((await check(owner.access)).body).toMatchObject({ proven: true, state: { status: 'held' } });
    // The squatter's claim is gone, and a new claim by it stays a claim.
    expect(await stateOf(squatter.access)).toMatchObject({ domain: null, status: 'none' });
    expect((await setDomain(squatter.access, 'VOICE.bigcorp.test')).status).toBe(200);
    expect((await check(squatter.access)).body).toMatchObject({ proven: false, state: { status: 'pending' } });
    expect(await stateOf(owner.access)).toMatchObject({ status: 'held' });
  });

  it('links use a domain only once it is held; a message is served under it only when its owner holds it', async () => {
    const owner = await proUser();
    const stranger = await proUser();
    expect((await setDomain(owner.access, 'voice.acme.test')).status).toBe(200);
    const before = await send(owner.access);
    expect(before.url).toBe(`${server.running.url}/listen/${before.id}`);

    await prove(owner.access, 'voice.acme.test');
    expect((await check(owner.access)).body.state.status).toBe('held');
    const after = await send(owner.access);
    expect(after.url).toBe(`https://voice.acme.test/listen/${after.id}`);
    expect((await server.call('GET', `/api/view-vocal/${after.id}`)).body.audio.domain).toBe('voice.acme.test');

    const strangers = await send(stranger.access);
    for (const path of ['/listen/', '/api/view-vocal/', '/embed/player/', '/api/track/view-vocal/']) {
      expect((await onHost('voice.acme.test', `${path}${after.id}`)).status, path).toBe(200);
      expect((await onHost('voice.acme.test', `${path}${before.id}`)).status, path).toBe(200);
      const foreign = await onHost('voice.acme.test', `${path}${strangers.id}`);
      expect(foreign.status, path).toBe(404);
      // On a host nobody holds, nothing is served.
      expect((await onHost('voice.nobody.test', `${path}${after.id}`)).status, path).toBe(404);
    }
    expect((await onHost('voice.acme.test', `/api/view-vocal/${strangers.id}`)).body).toEqual({
      msg: 'This voice message does not exist or was deleted',
    });
  });

  it('drops a claim DNS has not proven within a week', async () => {
    const user = await proUser();
    expect((await setDomain(user.access, 'voice.late.test')).status).toBe(200);
    await server.running.services.customDomains.recheckDue();
    expect(await stateOf(user.access)).toMatchObject({ domain: 'voice.late.test', status: 'pending' });
    await server.running.services.db
      .update(users)
      .set({ domainClaimedAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(users.email, user.email));
    await server.running.services.customDomains.recheckDue();
    expect(await stateOf(user.access)).toMatchObject({ domain: null, status: 'none' });
  });

  it('checks held domains daily: one that stops pointing here sends new links to PUBLIC_URL and tells the owner; shared links keep working', async () => {
    const owner = await proUser();
    expect((await setDomain(owner.access, 'voice.moving.test')).status).toBe(200);
    await prove(owner.access, 'voice.moving.test');
    expect((await check(owner.access)).body.state.status).toBe('held');
    const shared = await send(owner.access);
    expect(shared.url).toBe(`https://voice.moving.test/listen/${shared.id}`);

    const dayAgo = async () =>
      server.running.services.db
        .update(users)
        .set({ domainCheckedAt: new Date(Date.now() - 25 * 3_600_000) })
        .where(eq(users.email, owner.email));
    // Checked within the day: not again.
    dns.zone['voice.moving.test'] = { cname: 'elsewhere.test' };
    await server.running.services.customDomains.recheckDue();
    expect(await stateOf(owner.access)).toMatchObject({ status: 'held' });

    await dayAgo();
    await server.running.services.customDomains.recheckDue();
    const lost = await stateOf(owner.access);
    expect(lost).toMatchObject({ domain: 'voice.moving.test', status: 'lost' });
    expect(lost.lostAt).not.toBeNull();
    const fresh = await send(owner.access);
    expect(fresh.url).toBe(`${server.running.url}/listen/${fresh.id}`);
    // Shared on the domain: still served there (once it points here again) and here.
    expect((await onHost('voice.moving.test', `/listen/${shared.id}`)).status).toBe(200);
    expect((await server.call('GET', `/listen/${shared.id}`)).status).toBe(200);
    // The owner is told by mail.
    const outbox = join(server.dataDir, 'outbox');
    const mails = await waitFor(
      async () => {
        const names = await readdir(outbox).catch(() => [] as string[]);
        return Promise.all(names.map((name) => readFile(join(outbox, name), 'utf8')));
      },
      (texts) => texts.some((text) => text.includes('voice.moving.test no longer points at Vocal')),
    );
    const mail = mails.find((text) => text.includes('voice.moving.test no longer points at Vocal'))!;
    expect(mail).toContain(`To: ${owner.email}`);

    // Pointing here again: held again at the next daily check.
    dns.zone['voice.moving.test'] = { cname: TARGET };
    await dayAgo();
    await server.running.services.customDomains.recheckDue();
    expect(await stateOf(owner.access)).toMatchObject({ status: 'held', lostAt: null });
    expect((await send(owner.access)).url).toMatch(/^https:\/\/voice\.moving\.test\/listen\//);
  });
});
