import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button, copyToClipboard } from '@vocal/ui-kit';
import { shareLinks } from './share-links.ts';
import { moveMenuFocus } from '../components/menu-focus.ts';

const EmbedDialog = lazy(() => import('./embed-dialog.tsx'));

/** The menu's items in order, for the arrow keys. */
const items = (menu: HTMLElement | null) => Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

/**
 * Share: the OS share sheet where the device has one, else a menu (the menu button pattern:
 * arrows, Home and End move, Esc closes and gives focus back) of links that open in a new
 * window, Copy link and Embed.
 */
export function ShareMenu({ url, title, recordingId }: { url: string; title: string; recordingId: string }) {
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const [embedding, setEmbedding] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    items(menu.current)[0]?.focus();
    const close = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  const closeMenu = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (moveMenuFocus(event.key, items(menu.current))) event.preventDefault();
    else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      closeMenu();
    } else if (event.key === 'Tab') setOpen(false);
  };

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
      <Button
        ref={button}
        variant="secondary"
        size="sm"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={share}
        onKeyDown={(event) => {
          // The menu button pattern: an arrow opens the menu too.
          if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        Share
      </Button>
      {open ? (
        <div id={menuId} ref={menu} className="share-menu__panel" role="menu" aria-label="Share this voice message" onKeyDown={onMenuKey}>
          {shareLinks(url, title).map((link) => (
            <a
              key={link.name}
              role="menuitem"
              tabIndex={-1}
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
            role="menuitem"
            tabIndex={-1}
            className="share-menu__link"
            onClick={async () => {
              setCopied(await copyToClipboard(url));
            }}
          >
            {copied ? 'Link copied' : 'Copy link'}
          </button>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="share-menu__link"
            onClick={() => {
              // The dialog gives focus back to what had it when it opened: the Share button, not this item.
              button.current?.focus();
              setOpen(false);
              setEmbedding(true);
            }}
          >
            Embed
          </button>
        </div>
      ) : null}
      {embedding ? (
        <Suspense fallback={null}>
          <EmbedDialog open onClose={() => setEmbedding(false)} pageUrl={url} recordingId={recordingId} title={title} />
        </Suspense>
      ) : null}
    </div>
  );
}
