import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ANSWER_MAILS_PER_RECIPIENT_PER_DAY } from '../http/api-limits.ts';
import { answerResponseSchema, inboxResponseSchema } from '@vocal/settings-model';
import { jobs, recordings } from '../db/schema.ts';
import type { JobHandler } from '../jobs/job-worker.ts';
import { embeddedBackend, type TestServer } from '../../test/harness/test-server.ts';
import { serverForSuite, smtpForSuite } from '../../test/harness/suite-servers.ts';
import { waitFor } from '../../test/harness/upload-form.ts';
import {
  fromAddress,
  newAddress,
  ownerMessage,
  reserveAsVisitor,
  shareCodeOf,
  uploadAsVisitor,
  visitorRecording,
} from '../../test/harness/visitor-helpers.ts';

const HOSTILE = `<script>alert("x")</script> & <b>bold</b>`;

type User = Awaited<ReturnType<TestServer['signUp']>>;

describe.each(embeddedBackend)('answering what others sent, on %s', (backend) => {
  const smtp = smtpForSuite();
  const server = serverForSuite(backend, () => ({
    TRUST_PROXY: 'true',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Vocal Test <no-reply@vocal.test>',
  }));

  /** A new owner with a chosen name, as a visitor sees them. */
  async function owner(name = 'Ada Lovelace'): Promise<User> {
    const user = await server.signUp();
    expect((await server.call('POST', '/api/account', { token: user.access, json: { name } })).status).toBe(200);
    return user;
  }
  const answer = (user: User, json: Record<string, unknown>) => server.call('POST', '/api/inbox/answers', { token: user.access, json });
  const mailTo = (email: string, subject: string) => smtp.waitFor((mail) => mail.to.includes(email) && mail.subject.includes(subject));
  const answerJobs = (id: string) =>
    server.running.services.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `answer-mail:${id}`));
  const rowOf = async (id: string) => (await server.running.services.db.select().from(recordings).where(eq(recordings.id, id)))[0]!;
  const inboxOf = async (user: User) => inboxResponseSchema.parse((await server.call('GET', '/api/inbox', { token: user.access })).body);

  async function writtenMessage(user: User, email: string, message: string, subject?: string) {
    const code = await shareCodeOf(server, user.access);
    const sent = await server.call('POST', `/api/contact-form/${code}/messages`, {
      headers: fromAddress(newAddress()),
      json: { email, name: 'Grace Hopper', message, ...(subject ? { subject } : {}) },
    });
    expect(sent.status).toBe(201);
    return sent.body.id as string;
  }

  async function comment(recordingId: string, text: string, token?: string) {
    const reply = await server.call('POST', `/api/comments/${recordingId}`, {
      token,
      headers: fromAddress(newAddress()),
      json: { name: 'Lee', text },
    });
    expect(reply.status).toBe(201);
    return reply.body.id as string;
  }

  it('in words, to a written contact-form message: stored as the owner’s, linked, read, and mailed to the address the visitor left', async () => {
    const ada = await owner();
    const email = `grace-${randomUUID()}@example.com`;
    const asked = await writtenMessage(ada, email, `Can we talk?\n${HOSTILE}`, 'Pricing');
    const reply = await answer(ada, { messageId: asked, text: `  Yes, call me on Monday.\n${HOSTILE}  ` });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const body = answerResponseSchema.parse(reply.body);
    expect(body).toEqual({ id: body.id, url: null, answerMail: 'address' });

    const mail = await mailTo(email, 'answered');
    expect(mail.from).toBe('no-reply@vocal.test');
    // The owner's address stays theirs: the conversation goes on through the product.
    expect(mail.headers.get('reply-to')).toBeUndefined();
    expect(mail.headers.get('list-unsubscribe')).toBeUndefined();
    expect(mail.subject).toBe('Ada Lovelace answered your message “Pricing”');
    expect(mail.text).toContain('Hi Grace Hopper,');
    expect(mail.text).toContain(`> Yes, call me on Monday.\n> ${HOSTILE}`);
    expect(mail.text).toContain(`You wrote:\n\n> Can we talk?`);
    const code = await shareCodeOf(server, ada.access);
    expect(mail.text).toContain(`Write back to Ada Lovelace: ${server.running.url}/contact-form/${code}`);
    expect(mail.text).toContain('If that was not you, ignore it');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');

    const stored = await rowOf(body.id);
    expect(stored).toMatchObject({
      userId: ada.id,
      origin: 'owner',
      status: 'uploaded',
      message: `Yes, call me on Monday.\n${HOSTILE}`,
      answersId: asked,
      audioKey: null,
      subject: 'Re: Pricing',
    });
    expect((await rowOf(asked)).readAt).not.toBeNull();
    // The inbox shows what it answers, and, once mailed, when.
    const mailed = await waitFor(
      () => inboxOf(ada),
      (page) => page.items.some((item) => item.kind === 'message' && item.id === body.id && item.answerMailedAt !== null),
      30_000,
    );
    expect(mailed.items.find((item) => item.id === body.id)).toMatchObject({
      source: 'sent',
      answers: { kind: 'message', id: asked, senderName: 'Grace Hopper', email },
    });
    expect(mailed.items.find((item) => item.id === asked)).toMatchObject({ read: true, answerMail: 'address' });
    // A written answer is no recording: the Free plan's monthly count is of voice messages.
    expect((await server.call('GET', '/api/account', { token: ada.access })).body.messages.count).toBe(0);
  });

  it('by voice, to a voice message through the contact form: the mail holds the answer’s working listen link; the same again mails nothing more', async () => {
    const ada = await owner();
    const code = await shareCodeOf(server, ada.access);
    const email = `lin-${randomUUID()}@example.com`;
    const asked = await visitorRecording(server, `form:${code}`, { email, name: 'Lin', subject: 'Hello there' }, 'contact-form');
    const recorded = await ownerMessage(server, ada.access, { subject: 'Re: Hello there' });
    const reply = await answer(ada, { messageId: asked, recordingId: recorded });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const link = `${server.running.url}/listen/${recorded}`;
    expect(reply.body).toEqual({ id: recorded, url: link, answerMail: 'address' });

    const mail = await mailTo(email, 'answered');
    expect(mail.subject).toBe('Ada Lovelace answered your message “Hello there”');
    expect(mail.text).toContain(`Ada Lovelace answered your message “Hello there” with a voice message.`);
    expect(mail.text).toContain(`Listen to the answer: ${link}`);
    expect(mail.html).toContain(`href="${link}"`);
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect((await server.call('GET', `/api/view-vocal/${recorded}`)).status).toBe(200);

    // A retried request: the same answer, 200, and still one mail job.
    expect(await answer(ada, { messageId: asked, recordingId: recorded })).toMatchObject({ status: 200, body: { id: recorded } });
    expect(await answerJobs(recorded)).toHaveLength(1);
    // One recording answers one thing.
    const other = await visitorRecording(server, `form:${code}`, { email: `other-${randomUUID()}@example.com` }, 'contact-form');
    const twice = await answer(ada, { messageId: other, recordingId: recorded });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toContain('already answers');
  });

  it('a signed-in listener’s reply and comment are answered at their account’s address; an anonymous comment is answered but nobody is told', async () => {
    const ada = await owner();
    const listener = await server.signUp();
    const original = await ownerMessage(server, ada.access, { subject: 'Team update' });
    // A reply sent with the listener's token (the listen page sends it when they are signed in).
    const reserved = await reserveAsVisitor(server, `reply:${original}`);
    expect((await uploadAsVisitor(server, reserved.body.id, { token: listener.access, context: { name: 'Lee' } })).status).toBe(200);
    const anonymousReply = await visitorRecording(server, `reply:${original}`, { name: 'Nobody' });
    const signedInComment = await comment(original, 'Count me in', listener.access);
    const anonymousComment = await comment(original, 'Me too');

    const page = await inboxOf(ada);
    const byId = new Map(page.items.map((item) => [item.id, item]));
    expect(byId.get(reserved.body.id)).toMatchObject({ answerMail: 'account' });
    expect(byId.get(anonymousReply)).toMatchObject({ answerMail: null });
    expect(byId.get(signedInComment)).toMatchObject({ answerMail: 'account' });
    expect(byId.get(anonymousComment)).toMatchObject({ answerMail: null });
    // The owner sees that they can be told, never the account's address.
    expect(JSON.stringify(page)).not.toContain(listener.email);

    expect(await answer(ada, { messageId: reserved.body.id, text: 'Thanks for the reply!' })).toMatchObject({
      status: 201,
      body: { answerMail: 'account' },
    });
    const replyMail = await mailTo(listener.email, 'voice reply');
    expect(replyMail.subject).toBe('Ada Lovelace answered your voice reply to “Team update”');
    expect(replyMail.text).toContain(`The message you replied to: ${server.running.url}/listen/${original}`);

    const commented = await answer(ada, { commentId: signedInComment, text: 'See you Friday' });
    expect(commented).toMatchObject({ status: 201, body: { answerMail: 'account' } });
    const commentMail = await mailTo(listener.email, 'comment');
    expect(commentMail.subject).toBe('Ada Lovelace answered your comment on “Team update”');
    expect(commentMail.text).toContain('> See you Friday');
    expect(commentMail.text).toContain('> Count me in');
    expect(commentMail.text).toContain(`See the message you commented on: ${server.running.url}/listen/${original}`);
    expect(await rowOf(commented.body.id)).toMatchObject({ answersCommentId: signedInComment, subject: 'Re: Team update' });

    const unheard = await answer(ada, { commentId: anonymousComment, text: 'Thanks!' });
    expect(unheard).toMatchObject({ status: 201, body: { answerMail: null, url: null } });
    expect(await answerJobs(unheard.body.id)).toEqual([]);
    const after = await inboxOf(ada);
    expect(after.items.find((item) => item.id === anonymousComment)).toMatchObject({ read: true });
    expect(after.items.find((item) => item.id === unheard.body.id)).toMatchObject({
      answers: { kind: 'comment', id: anonymousComment, recordingId: original, name: 'Lee' },
      answerMailedAt: null,
    });
  });

  it('refuses another user’s message, comment or recording (404), the owner’s own message and bad bodies (400), and no token (401)', async () => {
    const ada = await owner();
    const stranger = await owner('Mallory');
    const code = await shareCodeOf(server, ada.access);
    const original = await ownerMessage(server, ada.access, { subject: 'Mine' });
    const received = await visitorRecording(server, `collect:${code}`, { email: `v-${randomUUID()}@example.com` });
    const commentId = await comment(original, 'A comment');
    const strangersVoice = await ownerMessage(server, stranger.access);
    const adasVoice = await ownerMessage(server, ada.access);
    const before = await server.running.services.db.select().from(recordings).where(eq(recordings.userId, stranger.id));

    for (const json of [
      { messageId: received, text: 'Hijacked' },
      { commentId, text: 'Hijacked' },
      { messageId: received, recordingId: strangersVoice },
      { messageId: randomUUID().slice(0, 12), text: 'Unknown' },
      { commentId: randomUUID(), text: 'Unknown' },
    ]) {
      const refused = await answer(stranger, json);
      expect(refused.status, JSON.stringify(json)).toBe(404);
      expect(typeof refused.body.msg).toBe('string');
    }
    // Ada naming the stranger's recording as her voice answer: not hers either.
    expect(await answer(ada, { messageId: received, recordingId: strangersVoice })).toMatchObject({
      status: 404,
      body: { msg: 'Recording not found' },
    });
    expect(await server.running.services.db.select().from(recordings).where(eq(recordings.userId, stranger.id))).toEqual(before);
    expect((await rowOf(received)).readAt).toBeNull();

    const written = (await answer(ada, { messageId: received, text: 'A written one' })).body.id as string;
    for (const json of [
      {},
      { messageId: received },
      { text: 'To nothing' },
      { messageId: received, commentId, text: 'Both' },
      { messageId: received, recordingId: adasVoice, text: 'Both' },
      { messageId: received, text: '   ' },
      { messageId: received, text: 'x'.repeat(5001) },
      { messageId: received, text: 'Hi', cc: 'someone@example.com' },
      { messageId: 'no', text: 'Hi' },
      { messageId: original, text: 'To myself' },
      { commentId: 'not-a-uuid', text: 'Hi' },
      // A written answer is not a voice message to link.
      { messageId: received, recordingId: written },
    ]) {
      const refused = await answer(ada, json);
      expect(refused.status, JSON.stringify(json)).toBe(400);
      expect(typeof refused.body.msg).toBe('string');
    }
    const ownComment = await comment(original, 'My own note', ada.access);
    expect((await answer(ada, { commentId: ownComment, text: 'Hi' })).status).toBe(400);
    expect((await server.call('POST', '/api/inbox/answers', { json: { messageId: received, text: 'Hi' } })).status).toBe(401);
  });

  it(`mails one person at most ${ANSWER_MAILS_PER_RECIPIENT_PER_DAY} answers a day from one owner: the next is refused with 429 and nothing is stored`, async () => {
    const ada = await owner();
    const email = `busy-${randomUUID()}@example.com`;
    const asked = await writtenMessage(ada, email, 'Please answer');
    for (let index = 0; index < ANSWER_MAILS_PER_RECIPIENT_PER_DAY; index++) {
      expect((await answer(ada, { messageId: asked, text: `Answer ${index}` })).status).toBe(201);
    }
    const countAnswers = async () =>
      (await server.running.services.db.select().from(recordings).where(eq(recordings.answersId, asked))).length;
    expect(await countAnswers()).toBe(ANSWER_MAILS_PER_RECIPIENT_PER_DAY);
    const refused = await answer(ada, { messageId: asked, text: 'One too many' });
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toMatch(/^Too many answers to this person today\. Try again in \d+ seconds\.$/);
    expect(await countAnswers()).toBe(ANSWER_MAILS_PER_RECIPIENT_PER_DAY);
  });

  it('an answer deleted before its mail went sends nothing, and outlives the message it answered', async () => {
    const ada = await owner();
    const email = `late-${randomUUID()}@example.com`;
    const asked = await writtenMessage(ada, email, 'Quick question');
    const kept = (await answer(ada, { messageId: asked, text: 'Kept answer' })).body.id as string;
    await mailTo(email, 'answered');
    // The asked message goes; the answer stays the owner's message.
    expect((await server.call('DELETE', `/api/delete/${asked}`, { token: ada.access })).status).toBe(200);
    const page = await inboxOf(ada);
    expect(page.items.find((item) => item.id === kept)).toMatchObject({ kind: 'message', answers: null });

    // A mail job whose answer was deleted before it ran writes nothing. The row is made as such a
    // job finds it, and the job run by hand, so no race with the worker decides it.
    const goneTo = `gone-${randomUUID()}@example.com`;
    const other = await writtenMessage(ada, goneTo, 'Another');
    const gone = `gone${randomUUID().slice(0, 8)}`;
    await server.running.services.db.insert(recordings).values({
      id: gone,
      userId: ada.id,
      status: 'deleted',
      origin: 'owner',
      uploadDate: new Date(),
      message: 'Deleted soon',
      answersId: other,
    });
    const job = { payload: { answerId: gone } } as unknown as Parameters<JobHandler['run']>[0];
    await server.running.services.answers.handlers['answer-mail']!.run(job, {} as Parameters<JobHandler['run']>[1]);
    // Awaited above: a mail it sent would have arrived.
    expect(smtp.messages.filter((mail) => mail.to.includes(goneTo))).toEqual([]);
    expect((await rowOf(gone)).answerMailedAt).toBeNull();
  });
});
