import { useState } from 'react';
import type { ApiClient } from '@vocal/api-client';
import { Button, ConfirmDialog } from '@vocal/ui-kit';

/** Delete, after a confirmation that says what goes with it; then back to the recordings. */
export function OwnerDelete({ api, recordingId, title }: { api: ApiClient; recordingId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button size="sm" variant="ghost" className="owner-bar__delete" onClick={() => setOpen(true)}>
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Delete this voice message?"
        description={`“${title}”, its replies and its comments are deleted, and its link stops working. This cannot be undone.`}
        keepLabel="Keep it"
        confirmLabel="Delete"
        busyLabel="Deleting…"
        onConfirm={async () => {
          const result = await api.deleteRecording(recordingId);
          if (!result.ok) return setError(result.error.msg);
          window.location.assign('/recordings');
        }}
      >
        {error ? (
          <p className="owner-bar__error" role="alert">
            {error}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
