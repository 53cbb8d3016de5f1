import { useCallback, useEffect, useState } from 'react';
import { webApi } from '../session/web-api.ts';

/** A named folder; the list's own messages are not kept, the inbox asks for those page by page. */
export type NamedFolder = { id: string; name: string };

/**
 * The person's folders (GET recordings, the folder API the spec already has). Only the named
 * folders are kept: the loose list (id null) is "Not in a folder", a filter of the inbox itself.
 */
export function useFolders(enabled: boolean) {
  const [folders, setFolders] = useState<NamedFolder[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    const result = await webApi().getFolders();
    if (!result.ok) {
      setProblem(result.error.msg);
      return;
    }
    setProblem(null);
    setFolders(result.data.folders.flatMap((folder) => (folder.id ? [{ id: folder.id, name: folder.name }] : [])));
  }, []);

  useEffect(() => {
    if (enabled) void refresh();
  }, [enabled, refresh]);

  const create = async (name: string) => {
    const result = await webApi().createFolder(name);
    if (!result.ok) return result.error.msg;
    await refresh();
    return null;
  };

  const rename = async (id: string, name: string) => {
    const result = await webApi().renameFolder(id, name);
    if (!result.ok) return result.error.msg;
    setFolders((current) => current.map((folder) => (folder.id === id ? { ...folder, name } : folder)));
    return null;
  };

  const remove = async (id: string) => {
    const result = await webApi().deleteFolder(id);
    if (!result.ok && result.status !== 404) return result.error.msg;
    setFolders((current) => current.filter((folder) => folder.id !== id));
    return null;
  };

  return { folders, problem, refresh, create, rename, remove };
}
