import type { NotificationMailKind } from '@vocal/settings-model';
import { render, senderLabel, type MailBlock, type RenderedMail } from './notification-mails.ts';

/** One thing that came in during the day, as the digest lists it. */
export type DigestItem = {
  kind: NotificationMailKind;
  /** Who it came from (a visitor's name and address, when they gave them). */
  sender: { name: string | null; email: string | null } | null;
  /** The owner's message it is about, or the subject the visitor gave. */
  subject: string | null;
  /** A comment's text or a written message's text. */
  text: string | null;
  link: string;
};

const HEADINGS: Record<NotificationMailKind, (count: number) => string> = {
  contactForm: (count) => (count === 1 ? '1 message through your contact form' : `${count} messages through your contact form`),
  collect: (count) => (count === 1 ? '1 voice message for your collection' : `${count} voice messages for your collection`),
  reply: (count) => (count === 1 ? '1 voice reply' : `${count} voice replies`),
  comment: (count) => (count === 1 ? '1 comment' : `${count} comments`),
  firstListen: (count) => (count === 1 ? '1 message heard for the first time' : `${count} messages heard for the first time`),
};

/** The order the digest tells things in: what people sent first, then who heard what. */
const ORDER: NotificationMailKind[] = ['contactForm', 'collect', 'reply', 'comment', 'firstListen'];

function lineOf(item: DigestItem): string {
  const subject = item.subject ? `"${item.subject}"` : null;
  const who = item.sender ? senderLabel(item.sender) : null;
  if (item.kind === 'firstListen') return subject ?? 'Your voice message';
  if (item.kind === 'comment' || item.kind === 'reply') return `${who} on ${subject ?? 'your voice message'}`;
  return subject ? `${who}: ${subject}` : (who ?? '');
}

/** One mail for a day's notifications, grouped by kind, each with its link. */
export function digestMail(input: { day: string; items: DigestItem[]; settingsUrl: string }): RenderedMail {
  const blocks: MailBlock[] = [{ text: `Here is what happened with your voice messages on ${input.day} (UTC).` }];
  for (const kind of ORDER) {
    const items = input.items.filter((item) => item.kind === kind);
    if (items.length === 0) continue;
    const heading = HEADINGS[kind](items.length);
    blocks.push({ text: heading });
    for (const item of items) {
      if (item.text) blocks.push({ quote: item.text });
      blocks.push({ link: item.link, label: lineOf(item) });
    }
  }
  const total = input.items.length;
  return render(
    `Your Vocal digest for ${input.day}: ${total === 1 ? '1 new thing' : `${total} new things`}`,
    blocks,
    input.settingsUrl,
    'You get this daily digest because it is on in your Vocal notification settings',
  );
}
