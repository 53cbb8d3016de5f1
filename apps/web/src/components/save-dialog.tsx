import '../expiry/expiry.css';
import type { ReactNode } from 'react';
import { Button, Dialog } from '@vocal/ui-kit';

/**
 * A dialog that changes one thing about a message (its expiry, its password): the question, what
 * it is about, the form, and Cancel and Save, Save busy while it saves.
 */
export function SaveDialog({
  open,
  title,
  description,
  saveLabel,
  onSave,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  description: string;
  saveLabel: string;
  onSave(): unknown;
  onClose(): void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button loadingLabel="Saving…" onClick={onSave}>
            {saveLabel}
          </Button>
        </>
      }
    >
      <form className="expiry-form" noValidate onSubmit={(event) => event.preventDefault()}>
        {children}
      </form>
    </Dialog>
  );
}
