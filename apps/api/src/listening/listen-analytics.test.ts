import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listenVisitors } from '../db/schema.ts';
import { backends } from '../../test/harness/test-server.ts';
import { serverForSuite } from '../../test/harness/suite-servers.ts';
import { fromAddress, newAddress, ownerMessage, visitorRecording } from '../../test/harness/visitor-helpers.ts';

describe.each(backends)('listen analytics on %s', (backend) => {
  const server = serverForSuite(backend, { TRUST_PROXY: 'true' });

  const proOwnerMessage = async () => {
    const owner = await server.signUp();
    await server.running.services.admin.setPlan({ email: owner.email, plan: 'pro' });
    return { owner, id: await ownerMessage(server, owner.access) };
  };
  const track = (id: string, address: string, token?: string) =>
    server.call('GET', `/api/track/view-vocal/${id}`, { token, headers: fromAddress(address) });
  const heard = (id: string, json: unknown) => server.call('POST', `/api/track/heard/${id}`, { json });
  const analyticsOf = (id: string, token: string) => server.call('GET', `/api/analytics/${id}`, { token });

  it('a listen is given its id, the same for the whole visit; the owner is given none', async () => {
    const { owner, id } = await proOwnerMessage();
    const address = newAddress();
    const first = await track(id, address);
    expect(first.body).toEqual({ counted: true, listen: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    // A second tab within the visit: not counted again, and its progress goes to the same listen.
    expect((await track(id, address)).body).toEqual({ counted: false, listen: first.body.listen });
    expect((await track(id, newAddress(), owner.access)).body).toEqual({ counted: false });
  });

  it('the share heard only grows, and needs the listen of that message', async () => {
    const { owner, id } = await proOwnerMessage();
    const { listen } = (await track(id, newAddress())).body;
    expect((await heard(id, { listen, heard: 0.75 })).status).toBe(204);
    // A late beacon from an earlier pause does not lower it.
    expect((await heard(id, { listen, heard: 0.25 })).status).toBe(204);
    expect((await analyticsOf(id, owner.access)).body.averageHeard).toBe(0.75);

    const other = await proOwnerMessage();
    const refusals = [
      [other.id, { listen, heard: 1 }, 404, 'This listen was not counted on this message'],
      [id, { listen: '00000000-0000-4000-8000-000000000000', heard: 1 }, 404, 'This listen was not counted on this message'],
      [id, { listen, heard: 1.5 }, 400, undefined],
      [id, { listen: 'not-a-uuid', heard: 0.5 }, 400, undefined],
      ['x', { listen, heard: 1 }, 404, 'This voice message does not exist or was deleted'],
    ] as const;
    for (const [target, body, status, msg] of refusals) {
      const reply = await heard(target, body);
      expect(reply.status, JSON.stringify(body)).toBe(status);
      if (msg) expect(reply.body.msg).toBe(msg);
    }
    expect((await analyticsOf(id, owner.access)).body.averageHeard).toBe(0.75);
    expect((await analyticsOf(other.id, owner.access)).status).toBe(404);
  });

  it('counts listens, unique listeners, the average share heard, replies and comments', async () => {
    const { owner, id } = await proOwnerMessage();
    const [first, second] = [newAddress(), newAddress()];
    const firstListen = (await track(id, first)).body.listen;
    const secondListen = (await track(id, second)).body.listen;
    // The first listener comes back after their visit: a listen more, the same listener.
    await server.running.services.db
      .update(listenVisitors)
      .set({ lastCountedAt: sql`now() - interval '31 minutes'` })
      .where(eq(listenVisitors.recordingId, id));
    const thirdListen = (await track(id, first)).body.listen;
    expect(new Set([firstListen, secondListen, thirdListen]).size).toBe(3);
    await heard(id, { listen: firstListen, heard: 1 });
    await heard(id, { listen: secondListen, heard: 0.5 });
    // The third never played: it heard nothing, which counts in the average.

    await visitorRecording(server, `reply:${id}`);
    for (const text of ['Lovely', 'Thanks']) {
      expect(
        (await server.call('POST', `/api/comments/${id}`, { json: { name: 'Ann', text }, headers: fromAddress(newAddress()) })).status,
      ).toBe(201);
    }

    const reply = await analyticsOf(id, owner.access);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ listens: 3, uniqueListeners: 2, replies: 1, comments: 2 });
    expect(reply.body.averageHeard).toBeCloseTo(0.5, 5);
    const today = new Date().toISOString().slice(0, 10);
    expect(reply.body.days.at(-1)).toEqual({ date: today, views: 3 });
  });

  it('before any listen: zeros and no average', async () => {
    const { owner, id } = await proOwnerMessage();
    expect((await analyticsOf(id, owner.access)).body).toMatchObject({
      listens: 0,
      uniqueListeners: 0,
      averageHeard: null,
      replies: 0,
      comments: 0,
    });
  });

  it('only the owner: 403 on Free, 404 for anyone else and for unknown ids, 401 signed out', async () => {
    const free = await server.signUp();
    const freeId = await ownerMessage(server, free.access);
    expect(await analyticsOf(freeId, free.access)).toMatchObject({
      status: 403,
      body: { msg: 'Listen analytics are a Pro feature. Upgrade to see who listened, day by day.' },
    });
    const { id } = await proOwnerMessage();
    const stranger = (await proOwnerMessage()).owner;
    for (const target of [id, freeId, 'AAAAAAAAAAAA', 'x']) {
      expect(await analyticsOf(target, stranger.access)).toMatchObject({ status: 404, body: { msg: 'Recording not found' } });
    }
    expect((await server.call('GET', `/api/analytics/${id}`)).status).toBe(401);
  });
});
