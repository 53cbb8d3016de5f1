import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listens, listenVisitors, recordings } from '../db/schema.ts';
import { backends } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';
import { fromAddress, newAddress, ownerMessage } from '../../test/harness/visitor-helpers.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0';

describe.each(backends)('listen tracking and listens per day on %s', (backend) => {
  const server = serverForSuite(backend, { TRUST_PROXY: 'true' });

  const track = (id: string, options: { address: string; userAgent?: string; token?: string }) =>
    server.call('GET', `/api/track/view-vocal/${id}`, {
      token: options.token,
      headers: { ...fromAddress(options.address), 'user-agent': options.userAgent ?? BROWSER },
    });
  const viewsOf = async (id: string) => (await server.call('GET', `/api/view-vocal/${id}`)).body.audio.views as number;

  it('counts a visitor once per 30 minutes, and each visitor (address and account) apart', async () => {
    const owner = await server.signUp();
    const listener = await server.signUp();
    const id = await ownerMessage(server, owner.access);
    const address = newAddress();
    expect(await track(id, { address })).toMatchObject({ status: 200, body: { counted: true } });
    expect((await track(id, { address })).body).toMatchObject({ counted: false });
    expect((await track(id, { address: newAddress() })).body).toMatchObject({ counted: true });
    expect((await track(id, { address, token: listener.access })).body).toMatchObject({ counted: true });
    expect(await viewsOf(id)).toBe(3);

    // Half an hour later the same visitor is a new visit.
    await server.running.services.db
      .update(listenVisitors)
      .set({ lastCountedAt: sql`now() - interval '31 minutes'` })
      .where(eq(listenVisitors.recordingId, id));
    expect((await track(id, { address })).body).toMatchObject({ counted: true });
    expect(await viewsOf(id)).toBe(4);
    expect(await server.running.services.db.select().from(listens).where(eq(listens.recordingId, id))).toHaveLength(4);
  });

  it('counts 20 different User-Agents from one address once: the header is not the visitor', async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access);
    const address = newAddress();
    const replies = [];
    for (let index = 0; index < 20; index++) replies.push(await track(id, { address, userAgent: `Browser/${index}.0 (made up)` }));
    expect(replies.map((reply) => reply.body.counted)).toEqual([true, ...Array<boolean>(19).fill(false)]);
    expect(await viewsOf(id)).toBe(1);
  });

  it('forgets a visitor once the visit is over, and the listen stays counted', async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access);
    const [finished, ongoing] = [newAddress(), newAddress()];
    await track(id, { address: finished });
    await track(id, { address: ongoing });
    const visitorsOf = () => server.running.services.db.select().from(listenVisitors).where(eq(listenVisitors.recordingId, id));
    const [first] = await visitorsOf();
    await server.running.services.db
      .update(listenVisitors)
      .set({ lastCountedAt: sql`now() - interval '31 minutes'` })
      .where(eq(listenVisitors.visitorHash, first!.visitorHash));

    expect(await server.running.services.listens.forgetFinishedVisits()).toBeGreaterThanOrEqual(1);
    const left = await visitorsOf();
    expect(left).toHaveLength(1);
    expect(left[0]?.visitorHash).not.toBe(first!.visitorHash);
    expect(await viewsOf(id)).toBe(2);
    // The visitor still within the visit is still recognised.
    expect((await track(id, { address: ongoing })).body).toMatchObject({ counted: false });
  });

  it('counts two listens at once from one visitor once', async () => {
    const owner = await server.signUp();
    const id = await ownerMessage(server, owner.access);
    const address = newAddress();
    const replies = await Promise.all(Array.from({ length: 5 }, () => track(id, { address })));
    expect(replies.filter((reply) => reply.body.counted)).toHaveLength(1);
    expect(await viewsOf(id)).toBe(1);
  });

  it('never stores the address: only a keyed hash, different for each message', async () => {
    const owner = await server.signUp();
    const first = await ownerMessage(server, owner.access);
    const second = await ownerMessage(server, owner.access);
    const address = '203.0.113.77';
    await track(first, { address });
    await track(second, { address });
    const rows = await server.running.services.db
      .select()
      .from(listenVisitors)
      .where(sql`${listenVisitors.recordingId} in (${first}, ${second})`);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.visitorHash).not.toBe(rows[1]?.visitorHash);
    const dump = JSON.stringify(await server.running.services.db.execute(sql`select * from listen_visitors`));
    expect(dump).not.toContain(address);
    expect(dump).not.toContain(BROWSER);
  });

  it("never counts the owner's own listens; another signed-in user's count", async () => {
    const owner = await server.signUp();
    const other = await server.signUp();
    const id = await ownerMessage(server, owner.access);
    expect((await track(id, { address: newAddress(), token: owner.access })).body).toMatchObject({ counted: false });
    expect((await track(id, { address: newAddress(), token: other.access })).body).toMatchObject({ counted: true });
    expect(await viewsOf(id)).toBe(1);
    expect(await track(id, { address: newAddress(), token: await server.expiredToken(other.id) })).toMatchObject({
      status: 401,
      body: { msg: 'Token has expired' },
    });
  });

  it('404 for unknown and malformed ids, 410 once expired', async () => {
    const owner = await server.signUp();
    for (const id of ['AAAAAAAAAAAA', 'x']) {
      expect(await track(id, { address: newAddress() })).toMatchObject({
        status: 404,
        body: { msg: 'This voice message does not exist or was deleted' },
      });
    }
    const id = await ownerMessage(server, owner.access);
    await server.call('POST', `/api/edit/${id}`, { token: owner.access, json: { expiryDate: new Date(Date.now() - 1000).toISOString() } });
    expect(await track(id, { address: newAddress() })).toMatchObject({ status: 410, body: { msg: 'This voice message has expired' } });
  });

  describe('GET views/{id}', () => {
    it('gives a Pro owner listens per UTC day since the upload, days without listens as 0', async () => {
      const owner = await server.signUp();
      await server.running.services.admin.setPlan({ email: owner.email, plan: 'pro' });
      const id = await ownerMessage(server, owner.access);
      const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
      const date = (daysAgo: number) => day(daysAgo).toISOString().slice(0, 10);
      const { db } = server.running.services;
      await db
        .update(recordings)
        .set({ uploadDate: day(3) })
        .where(eq(recordings.id, id));
      await db.insert(listens).values([
        { recordingId: id, createdAt: day(2) },
        { recordingId: id, createdAt: day(2) },
      ]);
      await track(id, { address: newAddress() });
      const reply = await server.call('GET', `/api/views/${id}`, { token: owner.access });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        data: [
          { date: date(3), views: 0 },
          { date: date(2), views: 2 },
          { date: date(1), views: 0 },
          { date: date(0), views: 1 },
        ],
      });
    });

    it('is Pro: a Free owner is told so with 403; anyone else gets 404', async () => {
      const owner = await server.signUp();
      const id = await ownerMessage(server, owner.access);
      expect(await server.call('GET', `/api/views/${id}`, { token: owner.access })).toMatchObject({
        status: 403,
        body: { msg: 'Listen analytics are a Pro feature. Upgrade to see who listened, day by day.' },
      });
      const stranger = await server.signUp();
      await server.running.services.admin.setPlan({ email: stranger.email, plan: 'pro' });
      for (const path of [`/api/views/${id}`, '/api/views/AAAAAAAAAAAA', '/api/views/x']) {
        expect(await server.call('GET', path, { token: stranger.access })).toMatchObject({
          status: 404,
          body: { msg: 'Recording not found' },
        });
      }
    });
  });
});
