import { useRef, type ReactNode } from 'react';
import { Button } from '../button/button.tsx';
import { Dialog } from './dialog.tsx';

export type ConfirmDialogProps = {
  open: boolean;
  /** Escape, the close button, the backdrop and the keep button: nothing happens. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** The safe choice, first: "Keep it", "Keep recording". */
  keepLabel: string;
  /** The destructive choice, in the danger style: "Delete folder". */
  confirmLabel: string;
  /** Shown on the confirm button while onConfirm runs. */
  busyLabel?: string;
  onConfirm: () => unknown;
  /** Below the description: an error from the last try, for one. */
  children?: ReactNode;
};

/** A question before something that cannot be undone: keep (the default way out) or go ahead. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  keepLabel,
  confirmLabel,
  busyLabel,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  // Focus starts on the safe choice: an Enter pressed out of habit keeps things as they are.
  const keep = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      initialFocusRef={keep}
      footer={
        <>
          <Button ref={keep} variant="secondary" onClick={onClose}>
            {keepLabel}
          </Button>
          <Button variant="danger" loadingLabel={busyLabel} onClick={() => onConfirm()}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
