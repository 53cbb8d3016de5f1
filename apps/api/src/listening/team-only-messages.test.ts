import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordings, users } from '../db/schema.ts';
import { embeddedBackend, type TestServer } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';
import { ownerMessage } from '../../test/harness/visitor-helpers.ts';
import { NOT_ON_THE_TEAM, TEAM_NOT_PASSWORD, TEAM_ONLY } from './message-privacy.ts';
import { NO_TEAM } from '../recordings/recording-service.ts';

const SUBJECT = 'Roadmap for the team, not for clients';
let counter = 0;
const newEmail = (what: string) => `team-only-${what}-${++counter}-${Date.now()}@example.com`;

const embeddedData = (html: string) =>
  JSON.parse(/<script type="application\/json" id="listen-data">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, unknown>;

/**
 * Team-only messages (issue 29, part 3; decision 0075): the link opens to its sender's team,
 * signed in, and to nobody else, on every path that reads the message.
 */
describe.each(embeddedBackend)('team-only messages on %s', (backend) => {
  const server = serverForSuite(backend);
  type Person = Awaited<ReturnType<TestServer['signUp']>>;

  /** A Pro owner, a member of their team (joined as the join link would), and a stranger. */
  async function aTeam() {
    const owner = await server.signUp(newEmail('owner'));
    await server.running.services.admin.setPlan({ email: owner.email, plan: 'pro' });
    const member = await server.signUp(newEmail('member'));
    await server.running.services.db.update(users).set({ teamOwnerId: owner.id }).where(eq(users.id, member.id));
    const stranger = await server.signUp(newEmail('stranger'));
    return { owner, member, stranger };
  }

  const send = (person: Person) => ownerMessage(server, person.access, { subject: SUBJECT });

  const keepToTeam = (person: Person, id: string) =>
    server.call('POST', `/api/edit/${id}`, { token: person.access, json: { privacy: 'team' } });
  const view = (id: string, person?: Person) => server.call('GET', `/api/view-vocal/${id}`, { token: person?.access });

  it('someone in no team is told why, and nothing changes', async () => {
    const loner = await server.signUp(newEmail('loner'));
    const id = await send(loner);
    const refused = await keepToTeam(loner, id);
    expect(refused).toMatchObject({ status: 400, body: { msg: NO_TEAM } });
    const [row] = await server.running.services.db.select().from(recordings).where(eq(recordings.id, id));
    expect(row!.privacy).toBe('public');
    expect((await view(id)).status).toBe(200);
  });

  it("opens to the owner and their team's members, signed in, with signed file addresses; refuses everyone else", async () => {
    const { owner, member, stranger } = await aTeam();
    const id = await send(owner);
    const kept = await keepToTeam(owner, id);
    expect(kept.status).toBe(200);
    expect(kept.body.privacy).toBe('team');
    const list = await server.call('GET', '/api/audio', { token: owner.access });
    expect(list.body.audios.find((audio: { id: string }) => audio.id === id).privacy).toBe('team');

    // Signed out: 401, so signing in may open it; signed in elsewhere: 403. Neither says more.
    const signedOut = await view(id);
    expect(signedOut).toMatchObject({ status: 401, body: { msg: TEAM_ONLY, protected: true, privacy: 'team' } });
    const outsider = await view(id, stranger);
    expect(outsider).toMatchObject({ status: 403, body: { msg: NOT_ON_THE_TEAM, protected: true, privacy: 'team' } });
    for (const refused of [signedOut, outsider]) expect(JSON.stringify(refused.body)).not.toContain(SUBJECT);

    for (const person of [owner, member]) {
      const opened = await view(id, person);
      expect(opened.status).toBe(200);
      expect(opened.headers.get('cache-control')).toBe('private, no-store');
      expect(opened.body.audio.subject).toBe(SUBJECT);
      const { audioUrl, imageUrl } = opened.body.audio as { audioUrl: string; imageUrl: string };
      for (const url of [audioUrl, imageUrl]) {
        // Under names nobody can guess (decision 0077), at addresses only the payload gives.
        expect(url).toMatch(new RegExp(`/files/${id}_[\\w-]{22}\\.(mp3|png)\\?expires=\\d+&signature=`));
        expect((await fetch(url)).status).toBe(200);
        expect((await fetch(url.split('?')[0]!)).status).toBe(404);
      }
    }
    for (const plain of [`${id}.mp3`, `${id}.png`]) expect((await fetch(`${server.url}/files/${plain}`)).status).toBe(404);
    expect(await server.running.services.storage.stat(`${id}.mp3`)).toBeNull();
    // A password does not open it: there is none.
    const unlock = await server.call('POST', `/api/unlock-vocal/${id}`, { json: { password: 'anything at all' } });
    expect(unlock).toMatchObject({ status: 400, body: { msg: TEAM_NOT_PASSWORD } });
  });

  it("a member's message is for the team they are in: its owner and the other members listen", async () => {
    const { owner, member, stranger } = await aTeam();
    const colleague = await server.signUp(newEmail('colleague'));
    await server.running.services.db.update(users).set({ teamOwnerId: owner.id }).where(eq(users.id, colleague.id));
    const id = await send(member);
    expect((await keepToTeam(member, id)).status).toBe(200);
    expect((await view(id, owner)).status).toBe(200);
    expect((await view(id, colleague)).status).toBe(200);
    expect((await view(id, stranger)).status).toBe(403);
  });

  it('comments and replies follow the same rule', async () => {
    const { owner, member, stranger } = await aTeam();
    const id = await send(owner);
    expect((await keepToTeam(owner, id)).status).toBe(200);
    const comment = { text: 'Looks right to me' };
    const commentAs = (person?: Person) => server.call('POST', `/api/comments/${id}`, { token: person?.access, json: comment });
    const replyAs = (person?: Person) => server.call('GET', `/api/get-vocal-free?target=reply:${id}`, { token: person?.access });

    expect((await server.call('GET', `/api/comments/${id}`)).status).toBe(401);
    expect((await commentAs()).status).toBe(401);
    expect((await commentAs(stranger)).status).toBe(403);
    expect((await replyAs()).status).toBe(401);
    expect((await replyAs(stranger)).status).toBe(403);

    expect((await commentAs(member)).status).toBe(201);
    const listed = await server.call('GET', `/api/comments/${id}`, { token: member.access });
    expect(listed.body.comments.map((entry: { text: string }) => entry.text)).toEqual([comment.text]);
    expect((await replyAs(member)).status).toBe(200);
  });

  it('the listen page and its previews say only that it is private; leaving the team closes it', async () => {
    const { owner, member } = await aTeam();
    const id = await send(owner);
    expect((await keepToTeam(owner, id)).status).toBe(200);
    const html = await (await fetch(`${server.url}/listen/${id}`)).text();
    expect(html).not.toContain(SUBJECT);
    expect(html).toContain('<title>A private voice message · Vocal</title>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(embeddedData(html)).toEqual({ status: 401, protected: true, privacy: 'team', id, message: TEAM_ONLY });
    const oembed = await server.call('GET', `/api/oembed?url=${encodeURIComponent(`${server.url}/listen/${id}`)}`);
    expect(JSON.stringify(oembed.body)).not.toContain(SUBJECT);

    // Out of the team, out of the message (the public page cache is off in tests; it holds for 5 s otherwise).
    await server.running.services.db.update(users).set({ teamOwnerId: null }).where(eq(users.id, member.id));
    expect((await view(id, member)).status).toBe(403);
    // Public again: anyone.
    expect((await server.call('POST', `/api/edit/${id}`, { token: owner.access, json: { privacy: 'public' } })).status).toBe(200);
    expect((await view(id)).status).toBe(200);
  });
});
