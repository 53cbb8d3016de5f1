import { SHARE } from '@vocal/settings-model';
import type { Share } from './host-adapter.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The share title: the subject, or 'Listen to my voice message' (spec section 9). */
export function shareTitle(subject: string | null | undefined): string {
  return subject?.trim() ? subject.trim() : SHARE.defaultTitle;
}

/** Truncates a caption at `max` characters with an ellipsis (spec section 9: 50, or 200 for images). */
export function truncateCaption(text: string, max: number = SHARE.captionMaxLength): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/**
 * The HTML a host inserts: the signature message and the link, every user-set string
 * escaped (a subject or signature may hold markup; it stays text).
 */
export function shareHtml(share: Share): string {
  const link = `<a href="${escapeHtml(share.url)}">${escapeHtml(share.title)}</a>`;
  const message = share.message ? `${escapeHtml(share.message)}<br>` : '';
  return `<p>${message}🎙️ ${link}</p>`;
}

/** Plain text for hosts without HTML: the message, then the link on its own line. */
export function shareText(share: Share): string {
  return share.message ? `${share.message}\n${share.url}` : share.url;
}
