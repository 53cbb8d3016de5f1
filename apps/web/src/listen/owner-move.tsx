import { useEffect, useId, useState } from 'react';
import type { ApiClient } from '@vocal/api-client';
import type { Folder } from '@vocal/settings-model';
import { Button } from '@vocal/ui-kit';

const NO_FOLDER = '';

/**
 * Move to folder. Folders are Pro (the server refuses a Free owner's folder list with 403), so
 * a Free owner gets no control that could only fail.
 */
export function OwnerMove({
  api,
  recordingId,
  folderId,
  onMoved,
}: {
  api: ApiClient;
  recordingId: string;
  folderId: string | null;
  onMoved(folderId: string | null): void;
}) {
  const [folders, setFolders] = useState<Folder[] | null>(null);
  const [choice, setChoice] = useState(folderId ?? NO_FOLDER);
  const [status, setStatus] = useState<string | null>(null);
  const selectId = useId();

  useEffect(() => {
    void api.getFolders().then((result) => setFolders(result.ok ? result.data.folders.filter((folder) => folder.id !== null) : []));
  }, [api]);

  if (!folders?.length) return null;
  const current = folders.find((folder) => folder.id === folderId)?.name ?? 'No folder';

  return (
    <div className="owner-bar__move">
      <label htmlFor={selectId} className="owner-bar__label">
        Folder
      </label>
      <select id={selectId} className="owner-bar__select" value={choice} onChange={(event) => setChoice(event.target.value)}>
        <option value={NO_FOLDER}>No folder</option>
        {folders.map((folder) => (
          <option key={folder.id} value={folder.id ?? NO_FOLDER}>
            {folder.name}
          </option>
        ))}
      </select>
      <Button
        size="sm"
        variant="secondary"
        disabled={choice === (folderId ?? NO_FOLDER)}
        loadingLabel="Moving…"
        onClick={async () => {
          const target = choice || null;
          const result = await api.moveRecording(recordingId, target);
          if (!result.ok) return setStatus(result.error.msg);
          onMoved(target);
          setStatus(`Moved to ${folders.find((folder) => folder.id === target)?.name ?? 'no folder'}`);
        }}
      >
        Move
      </Button>
      <span className="owner-bar__status" role="status">
        {status ?? `In ${current === 'No folder' ? 'no folder' : current}`}
      </span>
    </div>
  );
}
