import { SHARE } from '@vocal/settings-model';
import { truncateCaption } from '@vocal/host-contract';

export type ShareLink = { name: string; href: string };

/** Social share links for a listen page; the caption is truncated to 50 characters (spec section 9). */
export function shareLinks(url: string, title: string): ShareLink[] {
  const caption = truncateCaption(title, SHARE.captionMaxLength);
  const encodedUrl = encodeURIComponent(url);
  const encodedCaption = encodeURIComponent(caption);
  return [
    { name: 'X', href: `https://twitter.com/intent/tweet?text=${encodedCaption}&url=${encodedUrl}` },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${encodedUrl}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}` },
    { name: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${caption} ${url}`)}` },
    { name: 'Email', href: `mailto:?subject=${encodedCaption}&body=${encodedUrl}` },
  ];
}
