import { useEffect, useRef, useState } from 'react';
import { Button, copyToClipboard } from '@vocal/ui-kit';
import { shareLinks } from './share-links.ts';

/** Share: the OS share sheet where the device has one, else links that open in a new window. */
export function ShareMenu({ url, title }: { url: string; title: string }) {
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The person closed the sheet: nothing more to do. Anything else: offer the links.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    setOpen((value) => !value);
  };

  return (
    <div className="share-menu" ref={root}>
      <Button variant="secondary" size="sm" aria-expanded={open} onClick={share}>
        Share
      </Button>
      {open ? (
        <div className="share-menu__panel" role="group" aria-label="Share this voice message">
          {shareLinks(url, title).map((link) => (
            <a
              key={link.name}
              className="share-menu__link"
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              onClick={(event) => {
                if (link.href.startsWith('mailto:')) return;
                event.preventDefault();
                window.open(link.href, '_blank', 'noopener,noreferrer,width=640,height=560');
              }}
            >
              {link.name}
            </a>
          ))}
          <button
            type="button"
            className="share-menu__link"
            onClick={async () => {
              setCopied(await copyToClipboard(url));
            }}
          >
            {copied ? 'Link copied' : 'Copy link'}
          </button>
        </div>
      ) : null}
    </div>
  );
}
