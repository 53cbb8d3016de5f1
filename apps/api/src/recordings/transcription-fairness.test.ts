import { startFakeOpenAi } from '@vocal/e2e';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, recordings } from '../db/schema.ts';
import { TRANSCRIBE_JOB, TRANSCRIPT_PRIORITY } from './transcription-service.ts';
import { VISITOR_BUDGET_SPENT } from '../listening/visitor-transcript-budget.ts';
import { embeddedBackend, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { ownerMessage, reserveAsVisitor, uploadAsVisitor } from '../../test/harness/visitor-helpers.ts';
import { speechApiEnv } from '../../test/harness/speech-api-env.ts';

type Fake = Awaited<ReturnType<typeof startFakeOpenAi>>;

/**
 * Issue 23, finding 6: an owner's own transcript is made before visitors' waiting ones, and
 * visitors get a daily budget. The job worker is stopped, so what is claimed first is read from
 * the queue itself, as the media lane and the owners' lane claim it.
 */
describe.each(embeddedBackend)('a fair transcription queue, on %s', (backend) => {
  let fake: Fake;
  let server: TestServer;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    server = await startTestServer(backend, {
      ...speechApiEnv(fake.url),
      // Visitors are told apart by their address (X-Forwarded-For here).
      TRUST_PROXY: 'true',
    });
    await server.running.worker.stop();
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  const queue = () => server.running.services.jobs.queue;
  const db = () => server.running.services.db;

  async function proOwner() {
    const owner = await server.signUp();
    await server.running.services.admin.setPlan({ email: owner.email, plan: 'pro' });
    return owner;
  }
  async function visitorReply(messageId: string, address: string) {
    const reserved = await reserveAsVisitor(server, `reply:${messageId}`, { address });
    const uploaded = await uploadAsVisitor(server, reserved.body.id as string, { address });
    expect(uploaded.status).toBe(200);
    return reserved.body.id as string;
  }
  const claimedIds = (claimed: { payload: Record<string, unknown> }[]) => claimed.map((job) => job.payload.recordingId);

  it("takes the owner's own message before visitors' replies that were queued earlier", async () => {
    const owner = await proOwner();
    const first = await ownerMessage(server, owner.access);
    // The owner's first message is claimed out of the way (a worker already on it).
    expect(claimedIds(await queue().claim('busy-worker', [TRANSCRIBE_JOB], 1))).toEqual([first]);
    const replies = [];
    for (const address of ['203.0.113.61', '203.0.113.62', '203.0.113.63']) replies.push(await visitorReply(first, address));
    const own = await ownerMessage(server, owner.access);

    // The owners' lane claims only the owner's; it never takes a visitor's, even alone.
    expect(claimedIds(await queue().claim('owners-lane', [TRANSCRIBE_JOB], 5, { maxPriority: TRANSCRIPT_PRIORITY.owner }))).toEqual([own]);
    expect(await queue().claim('owners-lane', [TRANSCRIBE_JOB], 5, { maxPriority: TRANSCRIPT_PRIORITY.owner })).toEqual([]);
    // The media lane then takes the visitors' replies, oldest first.
    expect(claimedIds(await queue().claim('media-lane', [TRANSCRIBE_JOB], 5)).sort()).toEqual(replies.sort());
  });

  it('the media lane alone also takes the owner’s first', async () => {
    const owner = await proOwner();
    const message = await ownerMessage(server, owner.access);
    await queue().claim('busy-worker', [TRANSCRIBE_JOB], 1);
    const reply = await visitorReply(message, '203.0.113.71');
    const own = await ownerMessage(server, owner.access);
    expect(claimedIds(await queue().claim('media-lane', [TRANSCRIBE_JOB], 1))).toEqual([own]);
    expect(claimedIds(await queue().claim('media-lane', [TRANSCRIBE_JOB], 1))).toEqual([reply]);
  });

  it("transcribes visitors' audio within a daily budget per address and per owner; past it the owner may still ask", async () => {
    const owner = await proOwner();
    const message = await ownerMessage(server, owner.access);
    const address = '198.51.100.81';
    const early = [await visitorReply(message, address), await visitorReply(message, address)];
    // As if each had been five minutes long: this address has used its ten minutes today.
    for (const id of early) await db().update(recordings).set({ duration: 300 }).where(eq(recordings.id, id));
    const late = await visitorReply(message, address);
    const [row] = await db().select().from(recordings).where(eq(recordings.id, late));
    expect(row).toMatchObject({ transcriptionStatus: 'error', transcriptionError: VISITOR_BUDGET_SPENT });
    expect(
      await db()
        .select()
        .from(jobs)
        .where(and(eq(jobs.key, `${TRANSCRIBE_JOB}:${late}`))),
    ).toEqual([]);
    // Another address still gets its transcript, behind the owner's.
    const other = await visitorReply(message, '198.51.100.82');
    const [queued] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${TRANSCRIBE_JOB}:${other}`));
    expect(queued?.priority).toBe(TRANSCRIPT_PRIORITY.visitor);
    // The owner sees why, and may ask for it anyway.
    const state = await server.call('GET', `/api/transcription/${late}`, { token: owner.access });
    expect(state.body).toMatchObject({ status: 'error', error: VISITOR_BUDGET_SPENT, canRetry: true });
    expect((await server.call('POST', `/api/transcription/${late}/retry`, { token: owner.access })).status).toBe(202);
  });
});
