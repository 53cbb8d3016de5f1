import { describe, expect, it } from 'vitest';
import { inboxCommentSchema, inboxItemSchema, type Answered, type InboxEntry } from '@vocal/settings-model';
import { groupReplies, parentOf } from './group-replies.ts';

const when = '2026-03-01T10:00:00.000Z';
const message = (
  id: string,
  source: 'sent' | 'reply' | 'contact-form' = 'sent',
  replyTo: string | null = null,
  answers: Answered | null = null,
) =>
  inboxItemSchema.parse({
    id,
    source,
    replyTo,
    answers,
    read: true,
    uploadDate: when,
    peaks: [],
    views: 0,
    duration: 1,
    audioUrl: 'https://example.com/a.mp3',
    imageUrl: 'https://example.com/a.png',
  });
const comment = (id: string, recordingId: string) =>
  inboxCommentSchema.parse({
    kind: 'comment',
    source: 'comment',
    id,
    recordingId,
    name: 'Vera',
    text: 'Nice',
    createdAt: when,
    read: false,
    recordingSubject: null,
    recordingDate: when,
    answerMail: null,
  });
const ids = (threads: { item: InboxEntry; replies: InboxEntry[] }[]) =>
  threads.map((thread) => [thread.item.id, thread.replies.map((reply) => reply.id)]);

const C1 = '00000000-0000-4000-8000-000000000001';
const C2 = '00000000-0000-4000-8000-000000000002';

describe('conversations grouped under their message', () => {
  it('nests a reply under its message, the thread in the place of its newest member', () => {
    // Newest first, as the server answers.
    const items = [
      message('reply02', 'reply', 'message1'),
      message('message2'),
      message('reply01', 'reply', 'message1'),
      message('message1'),
    ];
    expect(ids(groupReplies(items, parentOf))).toEqual([
      ['message1', ['reply01', 'reply02']],
      ['message2', []],
    ]);
  });

  it('keeps a reply on its own when its message is not on the page', () => {
    expect(ids(groupReplies([message('reply01', 'reply', 'elsewhere'), message('message2')], parentOf))).toEqual([
      ['reply01', []],
      ['message2', []],
    ]);
  });

  it('only replies, comments and answers are nested, whatever else points somewhere', () => {
    expect(groupReplies([message('contact1', 'contact-form', 'message1'), message('message1')], parentOf)).toHaveLength(2);
  });

  it('puts comments under their message, and an answer under what it answers, all in the thread of the first message', () => {
    const items: InboxEntry[] = [
      message('answer2', 'sent', null, { kind: 'comment', id: C2, recordingId: 'message1', name: 'Vera' }),
      comment(C2, 'message1'),
      message('answer1', 'sent', null, { kind: 'message', id: 'reply01', senderName: 'Bea', email: null }),
      message('reply01', 'reply', 'message1'),
      comment(C1, 'message1'),
      message('message2'),
      message('message1'),
    ];
    expect(ids(groupReplies(items, parentOf))).toEqual([
      ['message1', [C1, 'reply01', 'answer1', C2, 'answer2']],
      ['message2', []],
    ]);
  });

  it('leads with a comment whose message is elsewhere, with the answer to it beneath', () => {
    const items: InboxEntry[] = [
      message('answer1', 'sent', null, { kind: 'comment', id: C1, recordingId: 'oldmessage', name: 'Vera' }),
      comment(C1, 'oldmessage'),
    ];
    expect(ids(groupReplies(items, parentOf))).toEqual([[C1, ['answer1']]]);
  });
});
