import { SHARE, type ShareAccent } from '@vocal/settings-model';
import type { ConversationReply, Share } from './host-adapter.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The share title: the subject, or 'Listen to my voice message' (spec section 9). */
export function shareTitle(subject: string | null | undefined): string {
  return subject?.trim() ? subject.trim() : SHARE.defaultTitle;
}

/** Truncates a caption at `max` characters with an ellipsis (spec section 9: 50, or 200 for images). */
export function truncateCaption(text: string, max: number = SHARE.captionMaxLength): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** What an accent colour must look like to go into a style attribute (settings-model's shareAccentSchema). */
const HEX_COLOUR = /^#[0-9A-Fa-f]{6}$/;

/** One CSS declaration of the inserted HTML: a property and its value. */
export type StyleDeclaration = readonly [property: string, value: string];

/**
 * What the inserted HTML is made of. shareHtml writes it as markup; a page of ours draws it
 * from these parts instead, since its Content-Security-Policy refuses style attributes in
 * markup (the signature settings' preview).
 */
export type ShareHtmlParts = {
  /** The signature message, on its own line above the link; null for none. */
  message: string | null;
  url: string;
  title: string;
  /** The link's inline styles, in order; null draws a plain link. */
  linkStyle: readonly StyleDeclaration[] | null;
};

/**
 * The link's button: inline styles only (mail clients drop classes and <style>), and only
 * properties they keep or lose harmlessly. No font: the email's own goes on. Outlook on
 * Windows ignores the padding and the rounding and shades just the title in the accent, which
 * reads as well (docs/decisions/0061).
 */
const buttonStyle = (accent: ShareAccent): StyleDeclaration[] => [
  ['display', 'inline-block'],
  ['padding', '6px 14px'],
  ['border-radius', '16px'],
  ['background-color', accent.background],
  ['color', accent.text],
  ['font-weight', '600'],
  ['text-decoration', 'none'],
];

/** The parts of shareHtml's HTML: an accent that is not #RRGGBB is not used (a plain link instead). */
export function shareHtmlParts(share: Share): ShareHtmlParts {
  const { accent } = share;
  const usable = accent && HEX_COLOUR.test(accent.background) && HEX_COLOUR.test(accent.text);
  return { message: share.message || null, url: share.url, title: share.title, linkStyle: usable ? buttonStyle(accent) : null };
}

/**
 * The HTML a host inserts: the signature message, then 🎙️ and the link, drawn as a button in
 * the signature theme's accent when the share has one, a plain link otherwise. Every user-set
 * string is escaped (a subject or signature may hold markup; it stays text).
 */
export function shareHtml(share: Share): string {
  const { message, url, title, linkStyle } = shareHtmlParts(share);
  const style = linkStyle ? ` style="${escapeHtml(linkStyle.map(([property, value]) => `${property}:${value}`).join(';'))}"` : '';
  const link = `<a href="${escapeHtml(url)}"${style}>${escapeHtml(title)}</a>`;
  return `<p>${message ? `${escapeHtml(message)}<br>` : ''}🎙️ ${link}</p>`;
}

/** Plain text for hosts without HTML: the message, then the link on its own line. */
export function shareText(share: Share): string {
  return share.message ? `${share.message}\n${share.url}` : share.url;
}

/** The line that says what a reply is: "Voice reply from Ana" or "Comment from Ana". */
export function conversationReplyLabel(reply: ConversationReply): string {
  return `${reply.kind === 'voice' ? 'Voice reply' : 'Comment'} from ${reply.from}`;
}

/**
 * The HTML a host puts into its conversation for a reply: what it is and who sent it as a link
 * to hear it, then its words quoted. Escaped like shareHtml: the sender wrote every part of it.
 */
export function conversationReplyHtml(reply: ConversationReply): string {
  const link = `🎙️ <a href="${escapeHtml(reply.url)}">${escapeHtml(conversationReplyLabel(reply))}</a>`;
  const words = reply.text?.trim() ? `<blockquote>${escapeHtml(reply.text.trim())}</blockquote>` : '';
  return `<p>${link}</p>${words}`;
}

/** Plain text for hosts without HTML: what it is, its words quoted, then the link on its own line. */
export function conversationReplyText(reply: ConversationReply): string {
  const words = reply.text?.trim() ? `: “${reply.text.trim()}”` : '';
  return `${conversationReplyLabel(reply)}${words}\n${reply.url}`;
}
