/**
 * What a message is called wherever it is shown (record flow, inbox, listen page): its
 * subject, else "Voice message · 23 Nov, 14:05", so two untitled messages are still told
 * apart. Day-month order and a 24-hour clock; the year only for a message from another year.
 */
const sameYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false });
const otherYear = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

export function formatMessageDate(when: string | Date, now = new Date()): string {
  const date = new Date(when);
  return (date.getFullYear() === now.getFullYear() ? sameYear : otherYear).format(date);
}

/** A written contact-form message (no audio) is a "Written message" when untitled. */
export function messageTitle(
  message: { subject: string | null; uploadDate: string | Date; audioUrl?: string | null },
  now = new Date(),
): string {
  const subject = message.subject?.trim();
  if (subject) return subject;
  return `${message.audioUrl === null ? 'Written message' : 'Voice message'} · ${formatMessageDate(message.uploadDate, now)}`;
}
