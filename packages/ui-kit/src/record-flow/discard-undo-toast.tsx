import { useEffect, useRef } from 'react';

/**
 * "Recording discarded. Undo" while the discard waits. Undo takes the focus, as the inbox's
 * does, so the keyboard user whose Discard button just vanished can take it back with Enter.
 */
export function DiscardUndoToast({ open, onUndo }: { open: boolean; onUndo(): void }) {
  const undoButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) undoButton.current?.focus();
  }, [open]);

  return (
    <div className="vk-record-flow__undo-region" role="status" aria-live="polite">
      {open ? (
        <div className="vk-record-flow__undo">
          <span>Recording discarded</span>
          <button ref={undoButton} type="button" className="vk-record-flow__undo-button" onClick={onUndo}>
            Undo
          </button>
        </div>
      ) : null}
    </div>
  );
}
