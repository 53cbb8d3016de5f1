import type { Storage } from '../storage/storage.ts';
import type { Metrics } from './metrics.ts';

/**
 * The storage with each failed operation counted. Failures are passed on unchanged: counting
 * must not turn one error into another. A stream that fails after `read` handed it over is not
 * seen here; the file routes answer those themselves.
 */
export function countStorageErrors(storage: Storage, metrics: Metrics): Storage {
  const counted =
    <Arguments extends unknown[], Result>(operation: string, run: (...args: Arguments) => Promise<Result>) =>
    async (...args: Arguments): Promise<Result> => {
      try {
        return await run(...args);
      } catch (error) {
        metrics.storageErrors.inc({ operation });
        throw error;
      }
    };
  return {
    kind: storage.kind,
    put: counted('put', (key, bytes, contentType) => storage.put(key, bytes, contentType)),
    // Kept optional as in the interface, so putFromFile still falls back to put for wrappers without it.
    putFile: storage.putFile
      ? counted('put', (key: string, path: string, contentType: string) => storage.putFile!(key, path, contentType))
      : undefined,
    copy: counted('copy', (from, to) => storage.copy(from, to)),
    stat: counted('stat', (key) => storage.stat(key)),
    read: counted('read', (key, range) => storage.read(key, range)),
    delete: counted('delete', (key) => storage.delete(key)),
    list: counted('list', (listOptions) => storage.list(listOptions)),
    publicUrl: (key) => storage.publicUrl(key),
    // Optional too: local storage has none, and the file route signs its own addresses instead.
    signedUrl: storage.signedUrl ? counted('sign', (key: string, seconds: number) => storage.signedUrl!(key, seconds)) : undefined,
  };
}
