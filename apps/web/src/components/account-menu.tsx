import { useEffect, useId, useRef, useState } from 'react';
import type { User } from '@vocal/settings-model';
import { initialsOf } from './initials.ts';

export type AccountMenuProps = {
  user: User | null;
  onReportIssue(): void;
  onSignOut(): Promise<void>;
};

const initialsOrUnknown = (user: User | null) => (user ? initialsOf(user) : '?');

/** The account button: who is signed in, report an issue, sign out. Escape or a click outside closes it. */
export function AccountMenu({ user, onReportIssue, onSignOut }: AccountMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="account-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="account-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        // The name starts with the initials the button shows, so speech users can say what they see.
        aria-label={user?.avatarUrl ? 'Account' : `${initialsOrUnknown(user)}, account`}
        onClick={() => setOpen((value) => !value)}
      >
        {user?.avatarUrl ? (
          <img src={user.avatarUrl} alt="" className="account-menu__avatar" />
        ) : (
          <span aria-hidden="true">{initialsOrUnknown(user)}</span>
        )}
      </button>
      {open ? (
        <div id={menuId} className="account-menu__panel">
          <p className="account-menu__who">
            <span className="account-menu__name">{user?.name ?? ''}</span>
            <span className="account-menu__email">{user?.email ?? ''}</span>
          </p>
          <button
            type="button"
            className="account-menu__item"
            onClick={() => {
              setOpen(false);
              onReportIssue();
            }}
          >
            Report an issue
          </button>
          <button
            type="button"
            className="account-menu__item"
            onClick={() => {
              setOpen(false);
              void onSignOut();
            }}
          >
            Sign out
          </button>
        </div>
      ) : null}
    </div>
  );
}
