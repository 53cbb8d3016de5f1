import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INBOX_SOURCES, inboxResponseSchema, inboxSummarySchema, type InboxResponse } from '@vocal/settings-model';
import { startFakeOpenAi, verboseJson } from '@vocal/e2e';
import { comments as commentRows, recordings } from '../db/schema.ts';
import { backends, startTestServer, type TestServer } from '../../test/harness/test-server.ts';
import { waitFor } from '../../test/harness/upload-form.ts';
import { fromAddress, newAddress, ownerMessage, shareCodeOf, visitorRecording } from '../../test/harness/visitor-helpers.ts';
import { speechApiEnv } from '../../test/harness/speech-api-env.ts';

type Fake = Awaited<ReturnType<typeof startFakeOpenAi>>;
type User = Awaited<ReturnType<TestServer['signUp']>>;

/**
 * On both databases: search (generated tsvector columns and their index) and paging (cursor
 * order with equal times to the microsecond) are where the two could differ; the rest runs
 * on PGlite only, where it says what the routes answer.
 */
describe.each(backends)('the inbox on %s', (backend) => {
  let fake: Fake;
  let server: TestServer;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    // Any message no test scripted a transcript for gets this one, so no job waits on an error.
    fake.fallback('transcriptions', { kind: 'answer', body: verboseJson('Nothing much to report today.') });
    server = await startTestServer(backend, {
      ...speechApiEnv(fake.url),
    });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  const inbox = async (user: User, query: Record<string, string> = {}) => {
    const reply = await server.call('GET', `/api/inbox?${new URLSearchParams(query)}`, { token: user.access });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return inboxResponseSchema.parse(reply.body);
  };
  const summary = async (user: User) => {
    const reply = await server.call('GET', '/api/inbox/summary', { token: user.access });
    expect(reply.status).toBe(200);
    return inboxSummarySchema.parse(reply.body);
  };
  const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);
  /** The page's rows as messages, where the test made no comments. */
  const messages = (page: InboxResponse) =>
    page.items.map((item) => {
      if (item.kind !== 'message') throw new Error(`A comment where only messages were expected: ${item.id}`);
      return item;
    });

  async function signUpPro() {
    const user = await server.signUp();
    await server.running.services.admin.setPlan({ email: user.email, plan: 'pro' });
    return user;
  }

  /** Waits for a message's transcript (every message of a Pro owner gets one here). */
  const transcribed = (user: User, id: string) =>
    waitFor(
      async () => (await server.call('GET', `/api/transcription/${id}`, { token: user.access })).body,
      (state) => state.status !== 'loading',
      60_000,
    );

  async function writtenMessage(user: User, message: string, extra: Record<string, string> = {}) {
    const code = await shareCodeOf(server, user.access);
    const reply = await server.call('POST', `/api/contact-form/${code}/messages`, {
      json: { email: `writer-${randomUUID()}@example.org`, message, ...extra },
    });
    expect(reply.status).toBe(201);
    return reply.body.id as string;
  }

  /** One of each source, oldest first: sent, reply, contact-form, collect, written. Free owner: no transcripts. */
  async function everySource() {
    const user = await server.signUp();
    const code = await shareCodeOf(server, user.access);
    const sent = await ownerMessage(server, user.access, { subject: 'Quarterly plan' });
    const reply = await visitorRecording(server, `reply:${sent}`, { name: 'Rita Reply' });
    const form = await visitorRecording(server, `form:${code}`, { name: 'Fred Form', email: 'fred@example.org' });
    const collect = await visitorRecording(server, `collect:${code}`, { name: 'Cora Collect' });
    const written = await writtenMessage(user, 'Please call me back about the invoice.', { name: 'Wanda Written' });
    return { user, sent, reply, form, collect, written };
  }

  // What the routes answer, the same SQL on either database: PGlite only (see embeddedBackend).
  if (backend === 'pglite') {
    describe('labels, unread state and filters', () => {
      let data: Awaited<ReturnType<typeof everySource>>;
      beforeAll(async () => {
        data = await everySource();
      });

      it('lists every message newest first, each with its source, and only what others sent as unread', async () => {
        const page = await inbox(data.user);
        expect(ids(page)).toEqual([data.written, data.collect, data.form, data.reply, data.sent]);
        expect(page.nextCursor).toBeNull();
        const byId = new Map(messages(page).map((item) => [item.id, item]));
        expect(byId.get(data.sent)).toMatchObject({
          source: 'sent',
          read: true,
          replyCount: 1,
          replyToTitle: null,
          subject: 'Quarterly plan',
        });
        expect(byId.get(data.reply)).toMatchObject({
          source: 'reply',
          read: false,
          replyTo: data.sent,
          replyToTitle: 'Quarterly plan',
          senderName: 'Rita Reply',
        });
        expect(byId.get(data.form)).toMatchObject({
          source: 'contact-form',
          read: false,
          email: 'fred@example.org',
          senderName: 'Fred Form',
        });
        expect(byId.get(data.collect)).toMatchObject({ source: 'collect', read: false, senderName: 'Cora Collect' });
        expect(byId.get(data.written)).toMatchObject({
          source: 'written',
          read: false,
          audioUrl: null,
          message: 'Please call me back about the invoice.',
          snippet: 'Please call me back about the invoice.',
        });
      });

      it('counts the unread per source for the navigation', async () => {
        expect(await summary(data.user)).toEqual({
          unread: 4,
          unreadBySource: { sent: 0, reply: 1, 'contact-form': 1, collect: 1, written: 1, comment: 0 },
        });
      });

      it('filters by view and by each source', async () => {
        expect(ids(await inbox(data.user, { view: 'sent' }))).toEqual([data.sent]);
        expect(ids(await inbox(data.user, { view: 'received' }))).toEqual([data.written, data.collect, data.form, data.reply]);
        const expected = { sent: data.sent, reply: data.reply, 'contact-form': data.form, collect: data.collect, written: data.written };
        // Comments have tests of their own below; this owner has none.
        expect(ids(await inbox(data.user, { source: 'comment' }))).toEqual([]);
        for (const source of INBOX_SOURCES.filter((each) => each !== 'comment')) {
          const page = await inbox(data.user, { source });
          expect(ids(page), source).toEqual([expected[source]]);
          expect(page.items[0]!.source).toBe(source);
        }
        // A view and a source that exclude each other leave nothing.
        expect(ids(await inbox(data.user, { view: 'sent', source: 'reply' }))).toEqual([]);
      });

      it('marks read and unread, answering the unread count; the own message stays read', async () => {
        const user = (await everySource()).user;
        const all = await inbox(user);
        const [written, collect] = all.items;
        expect(
          await server.call('POST', '/api/inbox/read', { token: user.access, json: { ids: [written!.id, collect!.id] } }),
        ).toMatchObject({
          status: 200,
          body: { unread: 2 },
        });
        const after = await inbox(user);
        expect(after.items.filter((item) => item.read).map((item) => item.id)).toEqual([written!.id, collect!.id, all.items[4]!.id]);

        expect(
          await server.call('POST', '/api/inbox/read', { token: user.access, json: { ids: [collect!.id], read: false } }),
        ).toMatchObject({
          status: 200,
          body: { unread: 3 },
        });
        const sentId = all.items[4]!.id;
        expect(await server.call('POST', '/api/inbox/read', { token: user.access, json: { ids: [sentId], read: false } })).toMatchObject({
          status: 200,
          body: { unread: 3 },
        });
        expect((await inbox(user, { view: 'sent' })).items[0]!.read).toBe(true);
        expect((await summary(user)).unreadBySource).toEqual({ sent: 0, reply: 1, 'contact-form': 1, collect: 1, written: 0, comment: 0 });
      });

      it('leaves deleted messages out of the list and the counts', async () => {
        const { user, written, collect } = await everySource();
        expect((await server.call('DELETE', `/api/delete/${written}`, { token: user.access })).status).toBe(200);
        expect(ids(await inbox(user))).not.toContain(written);
        expect(ids(await inbox(user))).toContain(collect);
        expect((await summary(user)).unread).toBe(3);
      });
    });
  }

  describe('titles from transcripts and search', () => {
    it("titles others' untitled messages from words the engine was sure of; the owner's keep the date title, a given title stays; all are found by a transcript word", async () => {
      const user = await signUpPro();
      const code = await shareCodeOf(server, user.access);
      fake.script('transcriptions', {
        kind: 'answer',
        body: verboseJson('Remember the blueberry pancakes on Friday morning, please. See you.'),
      });
      // A sender of its own: the contact form takes five messages an hour from one address.
      const fromVisitor = await visitorRecording(server, `form:${code}`, { name: 'Tess Title', email: 'tess@example.org' });
      expect(await transcribed(user, fromVisitor)).toMatchObject({ status: 'complete' });
      // The engine guessed (whisper's avg_logprob of -1.2 is e^-1.2 = 0.30 per token).
      const guessed = verboseJson('Blueberry muffins for the whole crew tomorrow.');
      guessed.segments[0]!.avg_logprob = -1.2;
      fake.script('transcriptions', { kind: 'answer', body: guessed });
      const unsure = await visitorRecording(server, `collect:${code}`, { name: 'Cora Collect' });
      expect(await transcribed(user, unsure)).toMatchObject({ status: 'complete' });
      fake.script('transcriptions', { kind: 'answer', body: verboseJson('Blueberry jam is on the shelf, as promised.') });
      const own = await ownerMessage(server, user.access);
      expect(await transcribed(user, own)).toMatchObject({ status: 'complete' });
      fake.script('transcriptions', { kind: 'answer', body: verboseJson('The blueberry harvest was late this year.') });
      const titled = await ownerMessage(server, user.access, { subject: 'Farm notes' });
      expect(await transcribed(user, titled)).toMatchObject({ status: 'complete' });

      const page = await inbox(user);
      const byId = new Map(messages(page).map((item) => [item.id, item]));
      // Eight words, cut at a word boundary, trailing comma dropped, an ellipsis since more followed.
      expect(byId.get(fromVisitor)!.subject).toBe('Remember the blueberry pancakes on Friday morning, please…');
      // No title: the app shows the date title, as review showed the owner.
      expect(byId.get(unsure)!.subject).toBeNull();
      expect(byId.get(own)!.subject).toBeNull();
      expect(byId.get(titled)!.subject).toBe('Farm notes');
      expect(byId.get(titled)!.snippet).toBe('The blueberry harvest was late this year.');

      expect(ids(await inbox(user, { q: 'blueberry' }))).toEqual([titled, own, unsure, fromVisitor]);
      // A word's start finds it; every word must match.
      expect(ids(await inbox(user, { q: 'BLUEBERR' }))).toEqual([titled, own, unsure, fromVisitor]);
      expect(ids(await inbox(user, { q: 'blueberry harvest' }))).toEqual([titled]);
      expect(ids(await inbox(user, { q: 'pancakes' }))).toEqual([fromVisitor]);
      expect(ids(await inbox(user, { q: 'farm' }))).toEqual([titled]);
      expect(ids(await inbox(user, { q: 'strawberry' }))).toEqual([]);
      expect(ids(await inbox(user, { q: '?!' }))).toEqual([]);
    });

    it('follows a changed transcript and a rename: the search text is kept by the database', async () => {
      const user = await signUpPro();
      fake.script('transcriptions', { kind: 'answer', body: verboseJson('Original words about kiwis.') });
      const id = await ownerMessage(server, user.access, { subject: 'Fruit order' });
      await transcribed(user, id);
      expect(ids(await inbox(user, { q: 'kiwis' }))).toEqual([id]);

      // Whoever writes the transcript (an edit, a retry), the search follows without being told.
      const [row] = await server.running.services.db.select().from(recordings).where(eq(recordings.id, id));
      const edited = row!.transcription!.map((segment) => ({
        ...segment,
        sentences: segment.sentences.map((sentence) => ({ ...sentence, text: 'Corrected words about mangoes.' })),
      }));
      await server.running.services.db.update(recordings).set({ transcription: edited }).where(eq(recordings.id, id));
      expect(ids(await inbox(user, { q: 'kiwis' }))).toEqual([]);
      expect(ids(await inbox(user, { q: 'mangoes' }))).toEqual([id]);

      expect((await server.call('POST', `/api/edit/${id}`, { token: user.access, json: { subject: 'Tropical fruit order' } })).status).toBe(
        200,
      );
      expect(ids(await inbox(user, { q: 'tropical' }))).toEqual([id]);
    });

    it('finds messages by sender name and address, and shows the matching part of a long text', async () => {
      const user = await server.signUp();
      const code = await shareCodeOf(server, user.access);
      const voice = await visitorRecording(server, `form:${code}`, { name: 'Zelda Quill', email: 'zelda.q@quillworks.example' });
      const filler = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(4);
      const written = await writtenMessage(user, `${filler}The parcel for Gustav arrives on Tuesday. ${filler}`);
      await writtenMessage(user, 'Nothing to see here.');

      expect(ids(await inbox(user, { q: 'quill' }))).toEqual([voice]);
      expect(ids(await inbox(user, { q: 'Zelda Quill' }))).toEqual([voice]);
      expect(ids(await inbox(user, { q: 'zelda.q@quillworks.example' }))).toEqual([voice]);
      expect(ids(await inbox(user, { q: 'quillworks' }))).toEqual([voice]);

      const found = await inbox(user, { q: 'gustav' });
      expect(ids(found)).toEqual([written]);
      const snippet = messages(found)[0]!.snippet!;
      expect(snippet.startsWith('…')).toBe(true);
      expect(snippet).toContain('The parcel for Gustav arrives on Tuesday.');
      expect(snippet.length).toBeLessThanOrEqual(161);
      // Without a search the snippet is the start of the text.
      const plain = messages(await inbox(user, { source: 'written' })).find((item) => item.id === written)!;
      expect(plain.snippet!.startsWith('Lorem ipsum')).toBe(true);
    });
  });

  // What the routes answer, the same SQL on either database: PGlite only (see embeddedBackend).
  if (backend === 'pglite') {
    describe('folders', () => {
      it('lists one folder, or what is in no folder, and refuses a folder that is not the caller’s', async () => {
        const user = await signUpPro();
        const inFolder = await writtenMessage(user, 'First one');
        const loose = await writtenMessage(user, 'Second one');
        const folder = await server.call('POST', '/api/folder', { token: user.access, json: { name: 'Clients' } });
        expect(folder.status).toBe(201);
        const folderId = folder.body.uuid as string;
        expect(
          (await server.call('POST', '/api/recordings', { token: user.access, json: { audio_uuid: inFolder, folder_id: folderId } }))
            .status,
        ).toBe(200);

        const page = await inbox(user, { folder: folderId });
        expect(ids(page)).toEqual([inFolder]);
        expect(messages(page)[0]!.folderId).toBe(folderId);
        expect(ids(await inbox(user, { folder: 'none' }))).toEqual([loose]);
        expect(ids(await inbox(user))).toEqual([loose, inFolder]);

        const other = await signUpPro();
        for (const folder of [folderId, randomUUID()]) {
          expect(await server.call('GET', `/api/inbox?folder=${folder}`, { token: other.access })).toMatchObject({
            status: 404,
            body: { msg: 'Folder not found' },
          });
        }
      });
    });
  }

  describe('pages', () => {
    it('walks every message once, in order, across pages, with equal upload dates and a message arriving meanwhile', async () => {
      const user = await server.signUp();
      const made: string[] = [];
      for (let index = 0; index < 9; index++) made.push(await writtenMessage(user, `Message number ${index}`));
      // Five messages share one upload time to the microsecond: the id breaks the tie.
      const same = new Date('2026-01-02T03:04:05.678Z');
      await server.running.services.db
        .update(recordings)
        .set({ uploadDate: same })
        .where(inArray(recordings.id, made.slice(2, 7)));

      const everything = ids(await inbox(user, { limit: '100' }));
      expect(everything.toSorted()).toEqual(made.toSorted());

      const walked: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: Awaited<ReturnType<typeof inbox>> = await inbox(user, { limit: '2', ...(cursor ? { cursor } : {}) });
        expect(page.items.length).toBeLessThanOrEqual(2);
        walked.push(...ids(page));
        cursor = page.nextCursor;
        // New mail arriving mid-walk lands before the cursor: no item repeats, none is skipped.
        if (++pages === 2) await writtenMessage(user, 'Arrived while paging');
      } while (cursor);
      expect(walked).toEqual(everything);
      expect(pages).toBe(5);
    });
  });

  describe('comments, with the message they are under', () => {
    const comment = async (recordingId: string, json: Record<string, string>, token?: string) => {
      const reply = await server.call('POST', `/api/comments/${recordingId}`, { token, headers: fromAddress(newAddress()), json });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      return reply.body.id as string;
    };
    const comments = (page: InboxResponse) => page.items.flatMap((item) => (item.kind === 'comment' ? [item] : []));

    /** An owner's message with three comments: a visitor's, a signed-in listener's and the owner's own. */
    async function commented() {
      const user = await server.signUp();
      const listener = await server.signUp();
      const message = await ownerMessage(server, user.access, { subject: 'Team update' });
      const anonymous = await comment(message, { name: 'Vera Visitor', text: 'Nice work on the launch' });
      const signedIn = await comment(message, { name: 'Lee Listener', text: 'Count me in for Friday' }, listener.access);
      const own = await comment(message, { text: 'Thanks, everyone' }, user.access);
      return { user, listener, message, anonymous, signedIn, own };
    }

    it('lists each comment newest first beside the messages, unread until read, counted as unread, the owner’s own read', async () => {
      const data = await commented();
      const page = await inbox(data.user);
      expect(ids(page)).toEqual([data.own, data.signedIn, data.anonymous, data.message]);
      const [own, signedIn, anonymous] = comments(page);
      expect(anonymous).toMatchObject({
        kind: 'comment',
        source: 'comment',
        name: 'Vera Visitor',
        text: 'Nice work on the launch',
        read: false,
        recordingId: data.message,
        recordingSubject: 'Team update',
        // No address and no account: nobody could be told of an answer.
        answerMail: null,
      });
      expect(signedIn).toMatchObject({ read: false, answerMail: 'account' });
      expect(own).toMatchObject({ read: true, answerMail: null });
      expect(await summary(data.user)).toEqual({
        unread: 2,
        unreadBySource: { sent: 0, reply: 0, 'contact-form': 0, collect: 0, written: 0, comment: 2 },
      });

      expect(
        await server.call('POST', '/api/inbox/read', { token: data.user.access, json: { commentIds: [data.anonymous] } }),
      ).toMatchObject({
        status: 200,
        body: { unread: 1 },
      });
      expect(comments(await inbox(data.user)).map((each) => each.read)).toEqual([true, false, true]);
      // The owner's own comment is read, as their own messages are: unread changes nothing.
      expect(
        await server.call('POST', '/api/inbox/read', { token: data.user.access, json: { commentIds: [data.own], read: false } }),
      ).toMatchObject({
        status: 200,
        body: { unread: 1 },
      });
      // Unread again, and back: a message and a comment in one call.
      const reply = await visitorRecording(server, `reply:${data.message}`, { name: 'Rita Reply' });
      expect(
        await server.call('POST', '/api/inbox/read', {
          token: data.user.access,
          json: { ids: [reply], commentIds: [data.anonymous, data.signedIn], read: false },
        }),
      ).toMatchObject({ status: 200, body: { unread: 3 } });
      expect(
        await server.call('POST', '/api/inbox/read', { token: data.user.access, json: { ids: [reply], commentIds: [data.signedIn] } }),
      ).toMatchObject({ status: 200, body: { unread: 1 } });
    });

    it('filters: received and Comments show them, Sent and the other sources do not; search finds their words and names', async () => {
      const data = await commented();
      expect(ids(await inbox(data.user, { view: 'sent' }))).toEqual([data.message]);
      expect(ids(await inbox(data.user, { view: 'received' }))).toEqual([data.own, data.signedIn, data.anonymous]);
      expect(ids(await inbox(data.user, { source: 'comment' }))).toEqual([data.own, data.signedIn, data.anonymous]);
      expect(ids(await inbox(data.user, { source: 'reply' }))).toEqual([]);
      expect(ids(await inbox(data.user, { q: 'friday' }))).toEqual([data.signedIn]);
      expect(ids(await inbox(data.user, { q: 'vera' }))).toEqual([data.anonymous]);
      expect(ids(await inbox(data.user, { folder: 'none' }))).toEqual([data.own, data.signedIn, data.anonymous, data.message]);
    });

    it('walks messages and comments once each across pages, also when they share a time to the microsecond', async () => {
      const user = await server.signUp();
      const message = await ownerMessage(server, user.access, { subject: 'Paging' });
      const made = [message];
      for (let index = 0; index < 4; index++) made.push(await comment(message, { text: `Comment number ${index}` }));
      for (let index = 0; index < 3; index++) made.push(await writtenMessage(user, `Message number ${index}`));
      const same = new Date('2026-02-03T04:05:06.789Z');
      const { db } = server.running.services;
      await db
        .update(recordings)
        .set({ uploadDate: same })
        .where(inArray(recordings.id, made.slice(5, 7)));
      await db
        .update(commentRows)
        .set({ createdAt: same })
        .where(inArray(commentRows.id, made.slice(1, 4)));

      const everything = ids(await inbox(user, { limit: '100' }));
      expect(everything.toSorted()).toEqual(made.toSorted());
      // At one time, messages come before comments.
      const atSameTime = everything.filter((id) => made.slice(1, 4).includes(id) || made.slice(5, 7).includes(id));
      expect(atSameTime.slice(0, 2).toSorted()).toEqual(made.slice(5, 7).toSorted());
      for (const limit of ['1', '2', '3']) {
        const walked: string[] = [];
        let cursor: string | null = null;
        do {
          const page: InboxResponse = await inbox(user, { limit, ...(cursor ? { cursor } : {}) });
          walked.push(...ids(page));
          cursor = page.nextCursor;
        } while (cursor);
        expect(walked, `pages of ${limit}`).toEqual(everything);
      }
    });

    it('leaves out the comments of a deleted message, and keeps one owner’s comments from everyone else', async () => {
      const data = await commented();
      const stranger = await server.signUp();
      expect(ids(await inbox(stranger))).toEqual([]);
      expect(ids(await inbox(stranger, { q: 'friday' }))).toEqual([]);
      expect((await summary(stranger)).unreadBySource.comment).toBe(0);
      // Neither read nor unread, alone or beside a comment of the stranger's own: refused whole, nothing changes.
      const strangersMessage = await ownerMessage(server, stranger.access);
      const strangersComment = await comment(strangersMessage, { text: 'On my own message' });
      const before = await inbox(data.user);
      for (const json of [
        { commentIds: [data.anonymous] },
        { commentIds: [data.signedIn], read: false },
        { commentIds: [strangersComment, data.anonymous] },
        { commentIds: [randomUUID()] },
      ]) {
        const refused = await server.call('POST', '/api/inbox/read', { token: stranger.access, json });
        expect(refused.status, JSON.stringify(json)).toBe(404);
        expect(typeof refused.body.msg).toBe('string');
      }
      expect(await inbox(data.user)).toEqual(before);
      expect(comments(await inbox(stranger)).map((each) => each.read)).toEqual([false]);

      expect((await server.call('DELETE', `/api/delete/${data.message}`, { token: data.user.access })).status).toBe(200);
      expect(ids(await inbox(data.user))).toEqual([]);
      expect((await summary(data.user)).unread).toBe(0);
      expect(
        (await server.call('POST', '/api/inbox/read', { token: data.user.access, json: { commentIds: [data.anonymous] } })).status,
      ).toBe(404);
    });

    it('refuses a read call naming nothing, or ids that are not comment ids', async () => {
      const user = await server.signUp();
      for (const json of [{}, { ids: [], commentIds: [] }, { commentIds: ['not-a-uuid'] }, { commentIds: 'x' }]) {
        const refused = await server.call('POST', '/api/inbox/read', { token: user.access, json });
        expect(refused.status, JSON.stringify(json)).toBe(400);
        expect(typeof refused.body.msg).toBe('string');
      }
    });
  });

  // What the routes answer, the same SQL on either database: PGlite only (see embeddedBackend).
  if (backend === 'pglite') {
    describe('one user never sees or changes another’s', () => {
      it('keeps lists, counts, searches and read state apart', async () => {
        const owner = await everySource();
        const stranger = await server.signUp();
        expect(await inbox(stranger)).toEqual({ items: [], nextCursor: null });
        expect(await inbox(stranger, { q: 'invoice' })).toEqual({ items: [], nextCursor: null });
        expect((await summary(stranger)).unread).toBe(0);

        const before = await inbox(owner.user);
        for (const body of [{ ids: [owner.reply] }, { ids: [owner.reply], read: false }]) {
          expect(await server.call('POST', '/api/inbox/read', { token: stranger.access, json: body })).toMatchObject({
            status: 404,
            body: { msg: 'Recording not found' },
          });
        }
        // One of the caller's own beside someone else's: refused whole, nothing changes.
        const own = await writtenMessage(stranger, 'Mine');
        const mixed = await server.call('POST', '/api/inbox/read', { token: stranger.access, json: { ids: [own, owner.written] } });
        expect(mixed.status).toBe(404);
        expect(typeof mixed.body.msg).toBe('string');
        expect((await inbox(stranger)).items[0]!.read).toBe(false);
        expect(await inbox(owner.user)).toEqual(before);
      });

      it('asks for a sign-in on every inbox call', async () => {
        for (const [method, path] of [
          ['GET', '/api/inbox'],
          ['GET', '/api/inbox/summary'],
          ['POST', '/api/inbox/read'],
        ] as const) {
          const reply = await server.call(method, path, method === 'POST' ? { json: { ids: ['abcdefgh'] } } : {});
          expect(reply.status, path).toBe(401);
          expect(typeof reply.body.msg).toBe('string');
        }
      });
    });
  }

  // What the routes answer, the same SQL on either database: PGlite only (see embeddedBackend).
  if (backend === 'pglite') {
    describe('bad input', () => {
      it('refuses bad queries with 400 and a message saying what is wrong', async () => {
        const user = await server.signUp();
        const garbled = Buffer.from(JSON.stringify({ date: 'yesterday', id: 'abcdefgh' })).toString('base64url');
        const cases: [Record<string, string>, RegExp][] = [
          [{ view: 'inbox' }, /view/],
          [{ source: 'email' }, /source/],
          [{ folder: 'clients' }, /folder/],
          [{ q: 'x'.repeat(201) }, /q.*200/],
          [{ cursor: 'not a cursor' }, /cursor/],
          [{ cursor: garbled }, /cursor/],
          [{ limit: '0' }, /limit/],
          [{ limit: '101' }, /limit/],
          [{ limit: 'ten' }, /limit/],
          [{ sort: 'oldest' }, /sort/],
        ];
        for (const [query, message] of cases) {
          const reply = await server.call('GET', `/api/inbox?${new URLSearchParams(query)}`, { token: user.access });
          expect(reply.status, JSON.stringify(query)).toBe(400);
          expect(reply.body.msg, JSON.stringify(query)).toMatch(message);
        }
      });

      it('refuses bad read bodies with 400 and changes nothing', async () => {
        const { user, reply: replyId } = await everySource();
        const bodies: [unknown, RegExp][] = [
          [{}, /ids/],
          [{ ids: [] }, /ids/],
          [{ ids: replyId }, /ids/],
          [{ ids: Array.from({ length: 101 }, () => replyId) }, /ids/],
          [{ ids: ['../etc'] }, /ids/],
          [{ ids: [replyId], read: 'yes' }, /read/],
          [{ ids: [replyId], also: 1 }, /also/],
        ];
        for (const [body, message] of bodies) {
          const reply = await server.call('POST', '/api/inbox/read', { token: user.access, json: body });
          expect(reply.status, JSON.stringify(body)).toBe(400);
          expect(reply.body.msg, JSON.stringify(body)).toMatch(message);
        }
        expect((await summary(user)).unread).toBe(4);
      });
    });
  }
});
