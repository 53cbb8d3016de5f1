import { useEffect, useRef } from 'react';
import { messageTitle } from '@vocal/ui-kit';
import type { InboxItem } from './inbox-api.ts';

/**
 * "Deleted. Undo" while the delete waits. Focus moves to Undo, so a keyboard user who deleted
 * from a menu (whose message, and so whose focus, just vanished) can take it back with Enter.
 */
export function UndoToast({ item, onUndo }: { item: InboxItem | null; onUndo(): void }) {
  const undoButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (item) undoButton.current?.focus();
  }, [item]);

  return (
    <div className="undo-toast-region" role="status" aria-live="polite">
      {item ? (
        <div className="undo-toast">
          <span className="undo-toast__text">
            Deleted “<span className="undo-toast__title">{messageTitle(item)}</span>”
          </span>
          <button ref={undoButton} type="button" className="undo-toast__undo" onClick={onUndo}>
            Undo
          </button>
        </div>
      ) : null}
    </div>
  );
}
