import { DEFAULT_NAMES } from '@vocal/settings-model';
import { escapeHtml } from '../http/html-escaping.ts';
import { nameInMail } from './name-in-mail.ts';

/**
 * Whom a notification is for, from their account (the one source of their name and avatar):
 * the mail opens by greeting them, with their picture, as the listen page shows them.
 */
export type MailRecipient = { name: string | null; avatarUrl: string | null };

/** A mail body as blocks, so the plain-text and HTML parts say the same thing. */
type Block = { text: string } | { quote: string } | { link: string; label: string } | { greeting: MailRecipient };

const greetingText = (recipient: MailRecipient) => (recipient.name ? `Hi ${nameInMail(recipient.name)},` : 'Hi,');

/** The greeting line: the recipient's round avatar beside "Hi Ada," in HTML. */
function greetingHtml(recipient: MailRecipient): string {
  const text = escapeHtml(greetingText(recipient));
  if (!recipient.avatarUrl) return `<p>${text}</p>`;
  return (
    '<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px"><tr>' +
    `<td style="padding-right:12px"><img src="${escapeHtml(recipient.avatarUrl)}" width="40" height="40" alt="" style="display:block;width:40px;height:40px;border-radius:50%"></td>` +
    `<td style="font-size:15px">${text}</td></tr></table>`
  );
}

const greetingFor = (recipient: MailRecipient | undefined): Block[] => (recipient ? [{ greeting: recipient }] : []);

export type RenderedMail = { subject: string; text: string; html: string };

/** A header line holds no line breaks and stays short, whatever a visitor typed. */
const headerText = (text: string, max = 150) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
};

export type MailBlock = Block;

/**
 * The plain-text and HTML parts of a mail; account mails name why they are sent in `footer`,
 * and a mail to someone without an account links somewhere other than settings (`footerLabel`).
 */
export function render(
  subject: string,
  blocks: Block[],
  settingsUrl: string,
  footer = 'You get these emails because notifications are on in your Vocal settings',
  footerLabel = 'settings',
): RenderedMail {
  const text = [
    ...blocks.map((block) =>
      'greeting' in block
        ? greetingText(block.greeting)
        : 'quote' in block
          ? block.quote
              .split('\n')
              .map((line) => `> ${line}`)
              .join('\n')
          : 'link' in block
            ? `${block.label}: ${block.link}`
            : block.text,
    ),
    '--',
    `${footer}: ${settingsUrl}`,
  ].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:Inter,Arial,sans-serif;font-size:15px;line-height:1.5;color:#1e293b">',
    ...blocks.map((block) =>
      'greeting' in block
        ? greetingHtml(block.greeting)
        : 'quote' in block
          ? `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #267EFA;white-space:pre-wrap">${escapeHtml(block.quote)}</blockquote>`
          : 'link' in block
            ? `<p><a href="${escapeHtml(block.link)}" style="color:#267EFA">${escapeHtml(block.label)}</a></p>`
            : `<p>${escapeHtml(block.text)}</p>`,
    ),
    `<p style="color:#64748b;font-size:13px">${escapeHtml(footer)}: <a href="${escapeHtml(settingsUrl)}" style="color:#64748b">${escapeHtml(footerLabel)}</a>.</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: headerText(subject), text, html };
}

/** "Ada (ada@example.com)", "ada@example.com" or "Someone". */
export function senderLabel(sender: { name: string | null; email: string | null }): string {
  const name = sender.name?.trim() ? nameInMail(sender.name.trim()) : null;
  if (name && sender.email) return `${name} (${sender.email})`;
  return name ?? sender.email ?? DEFAULT_NAMES.someone;
}

const quoted = (subject: string | null) => (subject ? `"${subject}"` : null);

/** A message sent through the owner's contact form: by voice (a link) or in writing (its text). */
export function contactFormMail(input: {
  sender: { name: string | null; email: string | null };
  subject: string | null;
  message: string | null;
  listenUrl: string | null;
  inboxUrl: string;
  settingsUrl: string;
  recipient?: MailRecipient;
}): RenderedMail {
  const who = senderLabel(input.sender);
  const kind = input.message === null ? 'voice message' : 'message';
  const blocks: Block[] = [...greetingFor(input.recipient), { text: `${who} sent you a ${kind} through your contact form.` }];
  if (input.subject) blocks.push({ text: `Subject: ${input.subject}` });
  if (input.message !== null) blocks.push({ quote: input.message });
  if (input.listenUrl) blocks.push({ link: input.listenUrl, label: 'Listen to the voice message' });
  blocks.push({ link: input.inboxUrl, label: 'See it with your recordings' });
  if (input.sender.email) blocks.push({ text: `Reply to this email to answer ${input.sender.email}.` });
  const subject = `New ${kind} from ${who}${input.subject ? `: ${input.subject}` : ''}`;
  return render(subject, blocks, input.settingsUrl);
}

/** A visitor sent a voice message to the owner's collection (the collect page). */
export function collectMail(input: {
  sender: { name: string | null; email: string | null };
  subject: string | null;
  listenUrl: string;
  inboxUrl: string;
  settingsUrl: string;
  recipient?: MailRecipient;
}): RenderedMail {
  const who = senderLabel(input.sender);
  const blocks: Block[] = [...greetingFor(input.recipient), { text: `${who} sent you a voice message through your collection page.` }];
  if (input.subject) blocks.push({ text: `Subject: ${input.subject}` });
  blocks.push({ link: input.listenUrl, label: 'Listen to the voice message' });
  blocks.push({ link: input.inboxUrl, label: 'See it with your recordings' });
  if (input.sender.email) blocks.push({ text: `Reply to this email to answer ${input.sender.email}.` });
  return render(`New voice message for your collection from ${who}${input.subject ? `: ${input.subject}` : ''}`, blocks, input.settingsUrl);
}

/** A visitor answered one of the owner's messages by voice. */
export function replyMail(input: {
  senderName: string | null;
  originalSubject: string | null;
  replyUrl: string;
  originalUrl: string;
  settingsUrl: string;
  recipient?: MailRecipient;
}): RenderedMail {
  const who = input.senderName?.trim() ? nameInMail(input.senderName.trim()) : DEFAULT_NAMES.someone;
  const what = quoted(input.originalSubject) ?? 'your voice message';
  return render(
    `${who} replied to ${what}`,
    [
      ...greetingFor(input.recipient),
      { text: `${who} replied by voice to ${input.originalSubject ? `your voice message ${what}` : what}.` },
      { link: input.replyUrl, label: 'Listen to the reply' },
      { link: input.originalUrl, label: 'Your message' },
    ],
    input.settingsUrl,
  );
}

/** A visitor commented under one of the owner's messages. */
export function commentMail(input: {
  name: string;
  text: string;
  originalSubject: string | null;
  listenUrl: string;
  settingsUrl: string;
  recipient?: MailRecipient;
}): RenderedMail {
  const what = quoted(input.originalSubject) ?? 'your voice message';
  const name = nameInMail(input.name);
  return render(
    `${name} commented on ${what}`,
    [
      ...greetingFor(input.recipient),
      { text: `${name} commented on ${input.originalSubject ? `your voice message ${what}` : what}:` },
      { quote: input.text },
      { link: input.listenUrl, label: 'See it on the listen page' },
    ],
    input.settingsUrl,
  );
}
