import type { RecordingSpool, SpooledChunk, SpooledRecording } from './spool.ts';

export const SPOOL_DATABASE_NAME = 'vocal-recorder-spool';
const DATABASE_VERSION = 1;
const RECORDINGS = 'recordings';
const CHUNKS = 'chunks';

const promised = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

const completed = (transaction: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });

/** Every chunk key of one recording: [localId, 0] up to [localId, +infinity]. */
const chunkRange = (localId: string) => IDBKeyRange.bound([localId, 0], [localId, Number.MAX_SAFE_INTEGER]);

function openDatabase(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  const request = factory.open(name, DATABASE_VERSION);
  request.onupgradeneeded = () => {
    const database = request.result;
    if (!database.objectStoreNames.contains(RECORDINGS)) database.createObjectStore(RECORDINGS, { keyPath: 'localId' });
    if (!database.objectStoreNames.contains(CHUNKS)) database.createObjectStore(CHUNKS, { keyPath: ['localId', 'sequence'] });
  };
  return promised(request).then((database) => {
    // Another tab upgrading the schema must not be blocked by this one.
    database.onversionchange = () => database.close();
    return database;
  });
}

/**
 * The spool in IndexedDB: one store of recordings, one of chunks keyed [localId, sequence].
 * MP3 bytes are stored as they were encoded, so an interrupted recording is still a playable
 * MP3 up to its last chunk.
 */
export function createIndexedDbSpool(options: { indexedDB?: IDBFactory; databaseName?: string } = {}): RecordingSpool {
  const factory = options.indexedDB ?? globalThis.indexedDB;
  const name = options.databaseName ?? SPOOL_DATABASE_NAME;
  let database: Promise<IDBDatabase> | null = null;
  const open = () => {
    if (!factory) return Promise.reject(new Error('IndexedDB is not available'));
    database ??= openDatabase(factory, name).catch((error: unknown) => {
      database = null;
      throw error;
    });
    return database;
  };

  async function write(stores: string[], work: (transaction: IDBTransaction) => void): Promise<void> {
    const transaction = (await open()).transaction(stores, 'readwrite');
    const done = completed(transaction);
    work(transaction);
    await done;
  }

  async function read<T>(store: string, request: (objectStore: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const transaction = (await open()).transaction([store], 'readonly');
    return promised(request(transaction.objectStore(store)));
  }

  return {
    create: (recording) => write([RECORDINGS], (transaction) => transaction.objectStore(RECORDINGS).put(recording)),

    update: (localId, patch) =>
      write([RECORDINGS], (transaction) => {
        const store = transaction.objectStore(RECORDINGS);
        const request = store.get(localId) as IDBRequest<SpooledRecording | undefined>;
        request.onsuccess = () => {
          if (request.result) store.put({ ...request.result, ...patch, localId, updatedAt: patch.updatedAt ?? Date.now() });
        };
      }),

    appendChunk: (chunk) =>
      write([RECORDINGS, CHUNKS], (transaction) => {
        const recordings = transaction.objectStore(RECORDINGS);
        const request = recordings.get(chunk.localId) as IDBRequest<SpooledRecording | undefined>;
        request.onsuccess = () => {
          const recording = request.result;
          // A chunk of a discarded recording has nowhere to go.
          if (!recording) return;
          transaction.objectStore(CHUNKS).put(chunk);
          recordings.put({ ...recording, sampleCount: recording.sampleCount + chunk.sampleCount, updatedAt: Date.now() });
        };
      }),

    get: async (localId) => (await read(RECORDINGS, (store) => store.get(localId) as IDBRequest<SpooledRecording | undefined>)) ?? null,

    list: async () => {
      const all = await read(RECORDINGS, (store) => store.getAll() as IDBRequest<SpooledRecording[]>);
      return all.sort((first, second) => first.createdAt - second.createdAt);
    },

    chunks: (localId) => read(CHUNKS, (store) => store.getAll(chunkRange(localId)) as IDBRequest<SpooledChunk[]>),

    remove: (localId) =>
      write([RECORDINGS, CHUNKS], (transaction) => {
        transaction.objectStore(RECORDINGS).delete(localId);
        transaction.objectStore(CHUNKS).delete(chunkRange(localId));
      }),
  };
}
