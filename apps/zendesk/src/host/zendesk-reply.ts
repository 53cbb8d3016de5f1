import { shareHtml, truncateCaption, type Share } from '@vocal/host-contract';

/** The server's limit on a message's subject (settings-model: at most 200 characters). */
const TITLE_MAX = 200;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The message's title from the ticket: its subject and whom the reply is for, so both the
 * link in the reply and the agent's list of messages say what it was about.
 * "Printer on fire · for Mikkel Svane"; either part alone; nothing when the ticket has neither.
 */
export function ticketTitle(subject: string | undefined, requester: string | undefined): string | undefined {
  const title =
    subject && requester ? `${subject} · for ${requester}` : (subject ?? (requester ? `Voice message for ${requester}` : undefined));
  return title ? truncateCaption(title, TITLE_MAX) : undefined;
}

/** The link-preview card of a listen link (GET /listen/{id}/card.png), on the link's own origin. */
export function previewCardUrl(listenUrl: string): string {
  const url = new URL(listenUrl);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}/card.png`;
}

/**
 * What goes into the reply: the signature message and the titled link (every user-set string
 * escaped), and, when the app's "Show a preview image" setting is on, the message's card
 * under it, linked too, at a width that sits well in an email.
 */
export function replyHtml(share: Share, options: { preview: boolean }): string {
  const text = shareHtml(share);
  if (!options.preview) return text;
  const link = escapeHtml(share.url);
  const image = `<img src="${escapeHtml(previewCardUrl(share.url))}" alt="${escapeHtml(share.title)}" width="300">`;
  return `${text}<p><a href="${link}">${image}</a></p>`;
}
