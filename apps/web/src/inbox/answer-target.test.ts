import { describe, expect, it } from 'vitest';
import { inboxCommentSchema, inboxItemSchema } from '@vocal/settings-model';
import { answerTargetOf } from './answer-target.ts';

const when = '2026-03-01T10:00:00.000Z';
const message = (fields: Record<string, unknown>) =>
  inboxItemSchema.parse({
    id: 'message1',
    source: 'contact-form',
    read: false,
    uploadDate: when,
    peaks: [],
    views: 0,
    duration: 12,
    audioUrl: 'https://example.com/a.mp3',
    imageUrl: 'https://example.com/a.png',
    ...fields,
  });
const comment = (fields: Record<string, unknown>) =>
  inboxCommentSchema.parse({
    kind: 'comment',
    source: 'comment',
    id: '00000000-0000-4000-8000-000000000001',
    recordingId: 'message1',
    name: 'Vera',
    text: 'Lovely',
    createdAt: when,
    read: false,
    recordingSubject: 'Team update',
    recordingDate: when,
    answerMail: null,
    ...fields,
  });

describe('what the answer dialog says before anything is sent', () => {
  it('names the address a contact-form sender left, and opens a voice message with the recorder', () => {
    const target = answerTargetOf(
      message({ senderName: 'Grace Hopper', email: 'grace@example.com', subject: 'Pricing', answerMail: 'address' }),
    );
    expect(target).toMatchObject({
      names: { messageId: 'message1' },
      who: 'Grace Hopper',
      title: 'Answer Grace Hopper',
      words: null,
      voiceFirst: true,
      subject: 'Re: Pricing',
      canTell: true,
      telling: 'Grace Hopper will get your answer by email at grace@example.com.',
    });
  });

  it('quotes a written message and opens with words; never names an account’s address', () => {
    const written = answerTargetOf(
      message({ source: 'written', audioUrl: null, imageUrl: null, message: 'Call me?', email: 'dan@example.com', answerMail: 'address' }),
    );
    expect(written).toMatchObject({ words: 'Call me?', voiceFirst: false, who: null, subject: undefined });
    expect(written).toMatchObject({ title: 'Answer dan@example.com', telling: 'Your answer will go by email to dan@example.com.' });
    const account = answerTargetOf(comment({ name: 'Lee', answerMail: 'account' }));
    expect(account).toMatchObject({ names: { commentId: '00000000-0000-4000-8000-000000000001' }, words: 'Lovely', canTell: true });
    expect(account.telling).toBe('Lee will get your answer by email, at the address of their Vocal account.');
  });

  it('says before answering when nobody can be told', () => {
    const anonymous = answerTargetOf(comment({}));
    expect(anonymous).toMatchObject({ canTell: false, title: 'Answer Vera' });
    expect(anonymous.telling).toBe(
      'This comment came with no email address, so Vera cannot be told of your answer. You can still answer: it is kept in your inbox beside the comment.',
    );
    const reply = answerTargetOf(message({ source: 'reply', answerMail: null }));
    expect(reply.telling).toBe(
      'This reply came with no email address, so its sender cannot be told of your answer. You can still answer: it is kept in your inbox beside the reply.',
    );
  });
});
