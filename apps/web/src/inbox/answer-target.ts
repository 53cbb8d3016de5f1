import type { AnswerRequest, InboxComment, InboxItem } from '@vocal/settings-model';

/** What can be answered from the inbox: what someone else sent, a message or a comment. */
export type Answerable = InboxItem | InboxComment;

/**
 * What the answer dialog says about what is answered, before anything is sent (decision 0065):
 * whom, what they sent, whether and how they will hear of the answer, and which way of
 * answering it opens with (voice for a voice message, words for words).
 */
export type AnswerTarget = {
  /** The part of the request naming what is answered. */
  names: Pick<AnswerRequest, 'messageId' | 'commentId'>;
  /** Who sent it, as they named themselves; null when they gave no name. */
  who: string | null;
  /** The dialog's title: whom the owner answers, by name, else by the address they left. */
  title: string;
  /** Their words, quoted in the dialog: a comment or a written message; null for a voice message. */
  words: string | null;
  /** Opens with the recorder: what came by voice is answered by voice. */
  voiceFirst: boolean;
  /** The answer's title: "Re:" and what it answers, when that has a title. */
  subject: string | undefined;
  /** Before answering: whether, and how, the sender will hear of the answer. */
  telling: string;
  /** Said once it is sent. */
  told: string;
  /** False when nobody can be told: the dialog says so as a warning, not as news. */
  canTell: boolean;
};

export function answerTargetOf(entry: Answerable): AnswerTarget {
  const comment = entry.kind === 'comment';
  const who = comment ? entry.name : (entry.senderName?.trim() ?? '') || null;
  const name = who ?? 'The sender';
  const subjectOf = comment ? entry.recordingSubject : entry.subject;
  const words = comment ? entry.text : entry.audioUrl === null ? entry.message : null;
  const address = !comment && entry.answerMail === 'address' ? entry.email : null;
  const base = {
    names: comment ? { commentId: entry.id } : { messageId: entry.id },
    who,
    title: who || address ? `Answer ${who ?? address}` : 'Answer',
    words,
    voiceFirst: words === null,
    subject: subjectOf?.trim() ? `Re: ${subjectOf.trim()}` : undefined,
  };
  if (address) {
    return {
      ...base,
      telling: who ? `${who} will get your answer by email at ${address}.` : `Your answer will go by email to ${address}.`,
      told: who ? `${who} gets an email with it at ${address}.` : `It went by email to ${address}.`,
      canTell: true,
    };
  }
  if (entry.answerMail === 'account') {
    return {
      ...base,
      telling: `${name} will get your answer by email, at the address of their Vocal account.`,
      told: `${name} gets an email with it.`,
      canTell: true,
    };
  }
  const kind = comment ? 'comment' : entry.source === 'reply' ? 'reply' : 'message';
  return {
    ...base,
    telling: `This ${kind} came with no email address, so ${who ?? 'its sender'} cannot be told of your answer. You can still answer: it is kept in your inbox beside the ${kind}.`,
    told: `Nobody was told: ${who ?? 'its sender'} left no email address. Your answer is kept in your inbox beside the ${kind}.`,
    canTell: false,
  };
}
