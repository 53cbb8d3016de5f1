import { nameInMail } from './name-in-mail.ts';
import { render, type MailBlock, type RenderedMail } from './notification-mails.ts';

/** What the owner answered, as its sender will recognise it. */
export type AnsweredThing =
  | { kind: 'message'; subject: string | null; written: string | null }
  | { kind: 'reply'; originalSubject: string | null }
  | { kind: 'comment'; text: string; originalSubject: string | null };

/** The answer itself: a voice message's listen link, or the words. */
export type AnswerBody = { kind: 'voice'; listenUrl: string } | { kind: 'text'; text: string };

const quoted = (subject: string | null) => (subject ? `“${subject}”` : null);

function whatYouSent(thing: AnsweredThing): string {
  switch (thing.kind) {
    case 'message':
      return thing.subject ? `your message ${quoted(thing.subject)}` : 'your message';
    case 'reply':
      return thing.originalSubject ? `your voice reply to ${quoted(thing.originalSubject)}` : 'your voice reply';
    case 'comment':
      return thing.originalSubject ? `your comment on ${quoted(thing.originalSubject)}` : 'your comment';
  }
}

/**
 * To whoever sent the owner something (a contact-form or collected message, a voice reply, a
 * comment): the owner's answer, by voice (its listen link) or in words (the words, and where
 * the conversation goes on). It goes to an address the sender gave or to their account's, and
 * only because they wrote first, so it says so and how to ignore it (decision 0065).
 */
export function answerMail(input: {
  /** The owner as visitors see them ("Someone" when they never chose a name). */
  ownerName: string;
  /** The sender's name as they gave it, for the greeting; null says a plain "Hi,". */
  recipientName: string | null;
  answered: AnsweredThing;
  answer: AnswerBody;
  /** Where the conversation goes on: the listen page commented on or replied to, or the owner's contact form. */
  onward: { url: string; label: string } | null;
  /** The product's address, linked from the footer. */
  productUrl: string;
}): RenderedMail {
  const owner = nameInMail(input.ownerName);
  const what = whatYouSent(input.answered);
  const blocks: MailBlock[] = [{ greeting: { name: input.recipientName, avatarUrl: null } }];
  if (input.answer.kind === 'voice') {
    blocks.push({ text: `${owner} answered ${what} with a voice message.` });
    blocks.push({ link: input.answer.listenUrl, label: 'Listen to the answer' });
  } else {
    blocks.push({ text: `${owner} answered ${what}:` });
    blocks.push({ quote: input.answer.text });
  }
  const yours = input.answered.kind === 'comment' ? input.answered.text : input.answered.kind === 'message' ? input.answered.written : null;
  if (yours) blocks.push({ text: 'You wrote:' }, { quote: yours });
  if (input.onward) blocks.push({ link: input.onward.url, label: input.onward.label });
  return render(
    `${owner} answered ${what}`,
    blocks,
    input.productUrl,
    `You get this email because someone using this address wrote to ${owner} with Vocal. If that was not you, ignore it: nothing more comes of it`,
    'Vocal',
  );
}
