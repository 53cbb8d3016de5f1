import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { teamInvites } from '../db/schema.ts';
import { REFERRAL_COOKIE } from '../http/referral-cookie.ts';
import { INVITED_ADDRESS_HAS_ACCOUNT } from '../accounts/account-service.ts';
import { TEAM_MESSAGES } from './team-service.ts';
import { embeddedBackend, type TestServer } from '../../test/harness/test-server.ts';
import { serverForSuite, smtpForSuite } from '../../test/harness/suite-servers.ts';
import { ownerMessage } from '../../test/harness/visitor-helpers.ts';

const MAX_MEMBERS = 3;
let counter = 0;
const newEmail = (what: string) => `team-${what}-${++counter}-${Date.now()}@example.com`;

describe.each(embeddedBackend)('teams and invites on %s', (backend) => {
  const smtp = smtpForSuite();
  const server = serverForSuite(backend, () => ({ SMTP_URL: smtp.url, TEAM_MAX_MEMBERS: String(MAX_MEMBERS) }));

  type Person = Awaited<ReturnType<TestServer['signUp']>>;
  const setPlan = (email: string, plan: 'free' | 'pro') => server.running.services.admin.setPlan({ email, plan });
  const team = (person: Person) => server.call('GET', '/api/invite', { token: person.access });
  const invite = (person: Person, email: string) => server.call('POST', '/api/invite', { token: person.access, json: { email } });
  const remove = (person: Person, email: string) => server.call('DELETE', '/api/invite', { token: person.access, json: { email } });
  const lookup = (code: string, token?: string, email?: string) =>
    server.call('GET', `/api/join/${code}${email ? `?email=${encodeURIComponent(email)}` : ''}`, { token });
  const accept = (person: Person, code: string) => server.call('POST', `/api/join/${code}`, { token: person.access });
  const account = async (person: Person) => (await server.call('GET', '/api/account', { token: person.access })).body;

  /** A Pro owner with a chosen name, as `pnpm admin set-plan` makes one. */
  async function proOwner(name: string): Promise<Person> {
    const owner = await server.signUp(newEmail('owner'));
    await setPlan(owner.email, 'pro');
    expect((await server.call('POST', '/api/account', { token: owner.access, json: { name } })).status).toBe(200);
    return owner;
  }

  /** The /join code of the latest invite mail to `email`, after checking the mail names the owner. */
  async function codeMailedTo(email: string, after = 0): Promise<string> {
    const mail = await smtp.waitFor((candidate) => candidate.to.includes(email) && smtp.messages.indexOf(candidate) >= after);
    expect(mail.subject).toMatch(/invited you to their team on Vocal$/);
    const code = /\/join\/([A-Za-z0-9_-]{32})/.exec(mail.text)?.[1];
    if (!code) throw new Error(`No join link in: ${mail.text}`);
    return code;
  }

  async function invited(owner: Person, email: string): Promise<string> {
    const before = smtp.messages.length;
    expect(await invite(owner, email)).toMatchObject({ status: 200, body: { ok: true, msg: TEAM_MESSAGES.invited } });
    return codeMailedTo(email, before);
  }

  it('a Free person sees what a team would be and cannot invite', async () => {
    const free = await server.signUp(newEmail('free'));
    expect((await team(free)).body).toEqual({
      users: [],
      owner_name: free.email,
      owner_email: free.email,
      owner_img: null,
      allowed_invites: 0,
      is_business: false,
      is_owner: true,
    });
    expect(await invite(free, newEmail('anyone'))).toMatchObject({ status: 403, body: { msg: TEAM_MESSAGES.notBusiness } });
  });

  it('invite → mail → a new person signs up and joins → Pro; removed → Free, with their messages', async () => {
    const owner = await proOwner('Ada Owner');
    const email = newEmail('new');
    const code = await invited(owner, email);
    const mail = smtp.messages.find((candidate) => candidate.to.includes(email))!;
    expect(mail.subject).toBe('Ada Owner invited you to their team on Vocal');
    expect(mail.text).toContain(`${server.running.services.config.publicUrl}/join/${code}`);
    expect(mail.text).toContain('works for 14 days');

    const pending = (await team(owner)).body;
    expect(pending).toMatchObject({ is_owner: true, is_business: true, allowed_invites: MAX_MEMBERS, owner_name: 'Ada Owner' });
    expect(pending.users).toEqual([{ name: null, email, img: null, status: 'invited', expires_at: expect.any(String) }]);
    const days = (Date.parse(pending.users[0].expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);

    // The page's view of the link: the owner, never the invited address.
    const seen = await lookup(code);
    expect(seen).toMatchObject({ status: 200, body: { owner_name: 'Ada Owner', owner_img: null, state: 'open', for_you: null } });
    expect(JSON.stringify(seen.body)).not.toContain(email);
    expect((await lookup(code, undefined, newEmail('someone-else'))).body.for_you).toBe(false);
    expect((await lookup(code, undefined, email.toUpperCase())).body.for_you).toBe(true);

    const member = await server.signUp(email);
    expect((await account(member)).plan).toBe(0);
    expect((await lookup(code, member.access)).body.for_you).toBe(true);
    expect(await accept(member, code)).toMatchObject({
      status: 200,
      body: { ok: true, owner_name: 'Ada Owner', plan: 1, msg: "You joined Ada Owner's team" },
    });
    expect(await account(member)).toMatchObject({ plan: 1, subscribed: true, subscribedStrict: false });
    const recordingId = await ownerMessage(server, member.access, { subject: 'Mine, made in the team' });

    expect((await team(owner)).body.users).toEqual([{ name: null, email, img: null, status: 'member', expires_at: null }]);
    expect((await team(member)).body).toMatchObject({
      owner_name: 'Ada Owner',
      owner_email: owner.email,
      is_owner: false,
      is_business: true,
      users: [{ email, status: 'member' }],
    });
    expect((await lookup(code)).body.state).toBe('used');

    expect(await remove(owner, email)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await account(member)).toMatchObject({ plan: 0, subscribed: false });
    expect((await team(owner)).body.users).toEqual([]);
    // The message stays the member's, and never became the owner's.
    const own = await server.call('GET', '/api/audio', { token: member.access });
    expect(JSON.stringify(own.body)).toContain(recordingId);
    const owners = await server.call('GET', '/api/audio', { token: owner.access });
    expect(JSON.stringify(owners.body)).not.toContain(recordingId);
    // The used link does not bring them back.
    expect((await accept(member, code)).status).toBe(404);
  });

  it('a new person signs up on the join page: the account gets the invited address and joins at once', async () => {
    const owner = await proOwner('Hal Owner');
    const email = newEmail('join-page');
    const code = await invited(owner, email);
    const signUp = (json: unknown) => server.call('POST', `/api/join/${code}/signup`, { json });
    expect(await signUp({ name: 'Ivy', password: 'short' })).toMatchObject({
      status: 400,
      body: { msg: expect.stringMatching(/^password: /) },
    });
    expect(await signUp({ password: 'a brand new passphrase' })).toMatchObject({
      status: 400,
      body: { msg: expect.stringMatching(/^name: /) },
    });
    // Ivy followed an affiliate's link before: like every sign-up, this one counts for them.
    const affiliate = await server.signUp(newEmail('affiliate'));
    const { code: referral } = (await server.call('GET', '/api/affiliate', { token: affiliate.access })).body as { code: string };
    const created = await server.call('POST', `/api/join/${code}/signup`, {
      json: { name: 'Ivy', password: 'a brand new passphrase' },
      headers: { cookie: `${REFERRAL_COOKIE}=${referral}` },
    });
    expect(created).toMatchObject({ status: 201, body: { access_token: expect.any(String) } });
    const member = { email, access: created.body.access_token as string, refresh: '', id: 0 };
    expect(await account(member)).toMatchObject({ email, name: 'Ivy', plan: 1 });
    expect((await server.call('GET', '/api/affiliate', { token: affiliate.access })).body).toMatchObject({ signups: 1 });
    expect((await team(owner)).body.users).toEqual([{ name: 'Ivy', email, img: null, status: 'member', expires_at: null }]);
    // Spent: a second sign-up, or one for an address that has an account, is refused.
    expect((await signUp({ name: 'Again', password: 'a brand new passphrase' })).status).toBe(410);
    const existing = await server.signUp(newEmail('has-account'));
    const forExisting = await invited(owner, existing.email);
    expect(
      await server.call('POST', `/api/join/${forExisting}/signup`, { json: { name: 'Twice', password: 'a brand new passphrase' } }),
    ).toMatchObject({ status: 409, body: { msg: INVITED_ADDRESS_HAS_ACCOUNT } });
    expect((await account(existing)).plan).toBe(0);
    expect(
      (await server.call('POST', `/api/join/${'E'.repeat(32)}/signup`, { json: { name: 'X', password: 'a brand new passphrase' } })).status,
    ).toBe(404);
  });

  it('the invite is the door SIGNUP=invite leaves open; SIGNUP=closed shuts it too', async () => {
    const owner = await proOwner('Jo Owner');
    const { signup } = server.running.services.config;
    const policy = signup.policy;
    try {
      signup.policy = 'invite';
      const email = newEmail('by-invitation');
      expect((await server.call('POST', '/api/signup', { json: { email, password: 'a brand new passphrase', name: 'No' } })).status).toBe(
        403,
      );
      const code = await invited(owner, email);
      const created = await server.call('POST', `/api/join/${code}/signup`, { json: { name: 'Kim', password: 'a brand new passphrase' } });
      expect(created.status).toBe(201);

      signup.policy = 'closed';
      const shut = await invited(owner, newEmail('closed'));
      const refused = await server.call('POST', `/api/join/${shut}/signup`, { json: { name: 'Lee', password: 'a brand new passphrase' } });
      expect(refused).toMatchObject({ status: 403, body: { msg: expect.stringMatching(/^Sign-up is closed on this server/) } });
      expect((await lookup(shut)).body.state).toBe('open');
    } finally {
      signup.policy = policy;
    }
  });

  it('an existing account joins; the owner losing Pro takes it from the members; a member leaves', async () => {
    const owner = await proOwner('Bo Owner');
    const member = await server.signUp(newEmail('existing'));
    const code = await invited(owner, member.email);
    expect((await accept(member, code)).body.plan).toBe(1);

    await setPlan(owner.email, 'free');
    expect((await account(member)).plan).toBe(0);
    expect((await team(member)).body).toMatchObject({ is_owner: false, is_business: false, allowed_invites: 0 });
    expect((await team(owner)).body).toMatchObject({ is_business: false, users: [{ email: member.email, status: 'member' }] });
    await setPlan(owner.email, 'pro');
    expect((await account(member)).plan).toBe(1);

    // A member manages nothing: no invites, no removals, no one else's address.
    expect(await invite(member, newEmail('friend'))).toMatchObject({
      status: 403,
      body: { msg: TEAM_MESSAGES.memberCannotManage('Bo Owner') },
    });
    expect(await remove(member, owner.email)).toMatchObject({ status: 403 });
    const pendingEmail = newEmail('pending');
    await invited(owner, pendingEmail);
    expect(await remove(member, pendingEmail)).toMatchObject({ status: 403 });
    // ...nor sees the owner's pending invites.
    expect(JSON.stringify((await team(member)).body)).not.toContain(pendingEmail);
    expect(JSON.stringify((await team(owner)).body)).toContain(pendingEmail);

    expect(await remove(member, member.email)).toMatchObject({
      status: 200,
      body: { msg: expect.stringContaining("You left Bo Owner's team") },
    });
    expect((await account(member)).plan).toBe(0);
    expect((await team(member)).body).toMatchObject({ is_owner: true, owner_email: member.email, users: [] });
    expect((await team(owner)).body.users).toEqual([expect.objectContaining({ email: pendingEmail, status: 'invited' })]);
  });

  it('mails an address at most once a day, however the invite is revoked and sent again, by one owner or another (issue 23, finding 11)', async () => {
    const owner = await proOwner('Loop Owner');
    const other = await proOwner('Other Owner');
    const victim = newEmail('victim');
    await invited(owner, victim);
    const statuses: number[] = [];
    for (let round = 0; round < 5; round++) {
      statuses.push((await remove(owner, victim)).status, (await invite(owner, victim)).status);
    }
    statuses.push((await invite(other, victim)).status);
    expect(statuses).toEqual([200, 429, 404, 429, 404, 429, 404, 429, 404, 429, 429]);
    expect(smtp.messages.filter((mail) => mail.to.includes(victim))).toHaveLength(1);
  });

  it('refuses what cannot be done, each with a clear 4xx, and changes nothing', async () => {
    const owner = await proOwner('Cy Owner');
    expect(await invite(owner, owner.email)).toMatchObject({ status: 400, body: { msg: TEAM_MESSAGES.yourself } });
    expect(await invite(owner, 'not an address')).toMatchObject({ status: 400, body: { msg: expect.stringMatching(/^email: /) } });
    expect((await server.call('POST', '/api/invite', { token: owner.access, json: {} })).status).toBe(400);
    expect((await server.call('POST', '/api/invite', { json: { email: newEmail('x') } })).status).toBe(401);
    expect(await remove(owner, owner.email)).toMatchObject({ status: 400, body: { msg: TEAM_MESSAGES.ownerCannotLeave } });
    expect(await remove(owner, newEmail('nobody'))).toMatchObject({ status: 404, body: { msg: TEAM_MESSAGES.notInTeam } });

    // One invite mail per address a day: re-inviting the same day is refused and changes nothing.
    const again = newEmail('again');
    const first = await invited(owner, again);
    const second = await invite(owner, again);
    expect(second).toMatchObject({ status: 429, body: { msg: expect.stringMatching(/^Too many invites to this address today\./) } });
    expect((await lookup(first)).status).toBe(200);
    expect((await team(owner)).body.users).toHaveLength(1);

    const member = await server.signUp(newEmail('member'));
    expect((await accept(member, await invited(owner, member.email))).status).toBe(200);
    expect(await invite(owner, member.email)).toMatchObject({ status: 409, body: { msg: TEAM_MESSAGES.alreadyMember } });
    // Three places: `again` pending, the member, and one more; then the team is full.
    await invited(owner, newEmail('third'));
    const full = await invite(owner, newEmail('fourth'));
    expect(full).toMatchObject({ status: 409, body: { msg: TEAM_MESSAGES.full(MAX_MEMBERS) } });
    expect((await team(owner)).body.users).toHaveLength(MAX_MEMBERS);
    // Revoking frees a place; the revoked link is gone.
    expect(await remove(owner, again)).toMatchObject({ status: 200, body: { msg: 'Invite revoked: its link no longer works' } });
    expect((await lookup(first)).status).toBe(404);

    // The link belongs to its address.
    const wrongEmail = newEmail('wrong');
    const forWrong = await invited(owner, wrongEmail);
    const stranger = await server.signUp(newEmail('stranger'));
    expect(await accept(stranger, forWrong)).toMatchObject({ status: 403, body: { msg: TEAM_MESSAGES.otherAddress('Cy Owner') } });
    expect((await lookup(forWrong, stranger.access)).body.for_you).toBe(false);
    expect((await account(stranger)).plan).toBe(0);

    // An expired link: shown as such, and refused.
    await server.running.services.db
      .update(teamInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvites.code, forWrong));
    expect((await lookup(forWrong)).body.state).toBe('expired');
    const late = await server.signUp(wrongEmail);
    expect(await accept(late, forWrong)).toMatchObject({ status: 410, body: { msg: TEAM_MESSAGES.expired('Cy Owner') } });
    // An expired invite holds no place.
    await invited(owner, newEmail('fills-the-freed-place'));

    // Unknown and malformed codes, and accepting without signing in.
    expect(await lookup('A'.repeat(32))).toMatchObject({ status: 404, body: { msg: TEAM_MESSAGES.unknownCode } });
    expect((await lookup('short')).status).toBe(404);
    expect((await accept(stranger, 'B'.repeat(32))).status).toBe(404);
    expect((await server.call('POST', `/api/join/${'C'.repeat(32)}`)).status).toBe(401);

    // In another team already; owning a team with people in it; an owner without Pro.
    const other = await proOwner('Di Owner');
    // A day later: the member's address was mailed an invite today already.
    await server.running.services.limits.teamInvitesPerAddress.reset(member.email);
    const otherCode = await invited(other, member.email);
    expect(await accept(member, otherCode)).toMatchObject({ status: 409, body: { msg: TEAM_MESSAGES.inAnotherTeam('Cy Owner') } });
    const ownerInvited = await invited(other, owner.email);
    expect(await accept(owner, ownerInvited)).toMatchObject({ status: 409, body: { msg: TEAM_MESSAGES.ownTeam } });
    const lateComer = await server.signUp(newEmail('late'));
    const closedCode = await invited(other, lateComer.email);
    await setPlan(other.email, 'free');
    expect((await lookup(closedCode)).body.state).toBe('closed');
    expect(await accept(lateComer, closedCode)).toMatchObject({ status: 409, body: { msg: TEAM_MESSAGES.closed('Di Owner') } });
    expect((await account(lateComer)).plan).toBe(0);
    expect((await account(member)).plan).toBe(1);
  });

  it('nobody reads or changes another person’s team', async () => {
    const owner = await proOwner('Eve Owner');
    const member = await server.signUp(newEmail('eves-member'));
    await accept(member, await invited(owner, member.email));
    const pendingEmail = newEmail('eves-pending');
    await invited(owner, pendingEmail);
    const outsider = await proOwner('Fay Outsider');

    const outsidersView = JSON.stringify((await team(outsider)).body);
    for (const secret of [owner.email, member.email, pendingEmail]) expect(outsidersView).not.toContain(secret);
    // Removing someone else's member or invite is the outsider's own 404, and changes nothing.
    expect(await remove(outsider, member.email)).toMatchObject({ status: 404 });
    expect(await remove(outsider, pendingEmail)).toMatchObject({ status: 404 });
    expect((await account(member)).plan).toBe(1);
    expect((await team(owner)).body.users).toHaveLength(2);
    // A refusal never names the address it was given.
    const refused = await remove(outsider, member.email);
    expect(JSON.stringify(refused.body)).not.toContain(member.email);
  });

  it('an owner deleting their account returns the members to their own plan', async () => {
    const owner = await proOwner('Gus Owner');
    const member = await server.signUp(newEmail('gus-member'));
    await accept(member, await invited(owner, member.email));
    expect((await account(member)).plan).toBe(1);
    expect((await server.call('POST', '/api/delete', { token: owner.access, json: { password: 'correct horse battery' } })).status).toBe(
      200,
    );
    expect(await account(member)).toMatchObject({ plan: 0 });
    expect((await team(member)).body).toMatchObject({ is_owner: true, owner_email: member.email, users: [] });
  });
});
