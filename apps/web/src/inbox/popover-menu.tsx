import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { moveMenuFocus } from '../components/menu-focus.ts';

export type MenuAction = {
  label: string;
  onSelect(): void;
  danger?: boolean;
};

export type MenuEntry = MenuAction | { heading: string };

const isAction = (entry: MenuEntry): entry is MenuAction => 'onSelect' in entry;

/**
 * A button that opens a menu of actions (WAI-ARIA menu button): arrow keys, Home and End move,
 * Enter or Space choose, Escape or a click outside close, and focus returns to the button.
 */
export function PopoverMenu({
  label,
  buttonContent,
  entries,
  className,
}: {
  label: string;
  buttonContent: ReactNode;
  entries: MenuEntry[];
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    items.current.find((item) => item !== null)?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const enabled = items.current.filter((item): item is HTMLButtonElement => item !== null);
    if (moveMenuFocus(event.key, enabled)) event.preventDefault();
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') setOpen(false);
  };

  let actionIndex = 0;
  items.current = [];
  return (
    <div className={`popover-menu ${className ?? ''}`} ref={root}>
      <button
        ref={button}
        type="button"
        className="popover-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {buttonContent}
      </button>
      {open ? (
        <div id={menuId} role="menu" aria-label={label} className="popover-menu__panel" onKeyDown={onMenuKey}>
          {entries.map((entry, position) => {
            if (!isAction(entry)) {
              return (
                <div key={`heading-${position}`} role="presentation" className="popover-menu__heading">
                  {entry.heading}
                </div>
              );
            }
            const index = actionIndex++;
            return (
              <button
                key={`${entry.label}-${position}`}
                ref={(element) => {
                  items.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={`popover-menu__item${entry.danger ? ' popover-menu__item--danger' : ''}`}
                onClick={() => {
                  // Focus goes back to the button first; an action that moves it (rename, delete) does so after.
                  close(true);
                  entry.onSelect();
                }}
              >
                {entry.label}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
