import { useState } from 'react';
import type { ApiClient } from '@vocal/api-client';
import { RECORDING_TITLE_MAX_LENGTH } from '@vocal/settings-model';
import { TextField } from '@vocal/ui-kit';
import { SaveCancelRow } from './save-cancel-row.tsx';

/** Inline rename: the title in a field with Save and Cancel; an empty title goes back to the date. */
export function OwnerRename({
  api,
  recordingId,
  subject,
  onDone,
}: {
  api: ApiClient;
  recordingId: string;
  subject: string | null;
  onDone(renamed?: string | null): void;
}) {
  const [value, setValue] = useState(subject ?? '');
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    const result = await api.editRecording(recordingId, { subject: value.trim() || null });
    if (!result.ok) return setError(result.error.msg.replace(/^subject: /, ''));
    onDone(result.data.subject);
  };

  return (
    <form
      className="owner-bar__rename"
      noValidate
      onSubmit={(event) => event.preventDefault()}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onDone();
        }
      }}
    >
      <TextField
        label="Title"
        name="subject"
        value={value}
        maxLength={RECORDING_TITLE_MAX_LENGTH}
        autoFocus
        placeholder="Voice message"
        hint="Leave it empty to call it by its date."
        error={error ?? undefined}
        onChange={(event) => setValue(event.target.value)}
      />
      <SaveCancelRow saveLabel="Save title" onSave={save} onCancel={() => onDone()} />
    </form>
  );
}
