import type { MouseEvent } from 'react';

/**
 * A link followed inside a host's panel would replace the app with that page (the record
 * flow's "Upgrade to Pro", for one). Followed from here, web links open in a new window.
 */
export function openLinksOutside(event: MouseEvent<HTMLElement>) {
  if (event.defaultPrevented || event.button !== 0) return;
  const target = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(target instanceof HTMLAnchorElement) || target.target === '_blank' || !/^https?:$/.test(target.protocol)) return;
  event.preventDefault();
  window.open(target.href, '_blank', 'noopener');
}
