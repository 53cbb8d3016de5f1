import { createHash } from 'node:crypto';

/** What one cached message holds: its public page, and what the hot paths need without a query. */
export type CachedPublicPage<Page> = {
  page: Page;
  /** The payload as sent by GET view-vocal, serialised once. */
  json: string;
  /** A strong validator of `json`, quoted, for ETag and If-None-Match. */
  etag: string;
  /** `json` gzipped, made the first time a client accepts it. */
  gzip?: Uint8Array;
  ownerId: number;
  /** Whose message it is (the owner's own, a reply, ...): the first-listen receipt is for the owner's. */
  origin: string;
  /** Milliseconds since the epoch; checked on every read, so an expired message is never served from here. */
  expiresAt: number | null;
};

export type PublicPageSource<Page> = Omit<CachedPublicPage<Page>, 'json' | 'etag' | 'gzip'> & { payload: unknown };

/** A quoted strong ETag of a body: 20 bytes of SHA-1 are plenty to tell versions of one message apart. */
export const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/**
 * Public listen payloads kept in this process's memory for `ttlMs` (0: not kept at all).
 *
 * Invalidation is deliberately coarse: `clear()` drops every entry (`forgetOwner` every entry of
 * one owner), and it is called after every request that wrote (clear-public-pages.ts) and after every job,
 * because a message's payload is built from its row, its owner's account and personalisation,
 * and its team, each written by many paths; forgetting one of them would serve a stale page,
 * while clearing too often only costs one query per hot message. A generation counter keeps a
 * load that started before a clear from storing what it read, and concurrent misses for one
 * message share one load, so a link that goes viral reaches the database once per TTL.
 */
export function createPublicPageCache<Page>(options: { ttlMs: number; maxEntries?: number; now?: () => number }) {
  const maxEntries = options.maxEntries ?? 10_000;
  // Read at each call, like the recording service's clock, so both judge expiry by the same time.
  const now = options.now ?? (() => Date.now());
  const entries = new Map<string, { value: CachedPublicPage<Page>; storedAt: number }>();
  const loading = new Map<string, { generation: number; promise: Promise<CachedPublicPage<Page>> }>();
  let generation = 0;

  const fresh = (storedAt: number) => now() - storedAt < options.ttlMs;

  function store(id: string, value: CachedPublicPage<Page>) {
    // Oldest first in a Map: dropping the first key bounds memory under a crawl of many ids.
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(id, { value, storedAt: now() });
  }

  return {
    get enabled() {
      return options.ttlMs > 0;
    },

    /** The cached page of `id`, or the one `load` builds (stored unless something was written meanwhile). */
    async read(id: string, load: () => Promise<PublicPageSource<Page>>): Promise<CachedPublicPage<Page>> {
      const cached = entries.get(id);
      if (cached && fresh(cached.storedAt)) return cached.value;
      if (cached) entries.delete(id);
      const pending = loading.get(id);
      if (pending && pending.generation === generation) return pending.promise;
      const startedAt = generation;
      const promise = load().then(({ payload, ...source }) => {
        const json = JSON.stringify(payload);
        const value: CachedPublicPage<Page> = { ...source, json, etag: etagOf(json) };
        if (options.ttlMs > 0 && startedAt === generation) store(id, value);
        return value;
      });
      loading.set(id, { generation: startedAt, promise });
      try {
        return await promise;
      } finally {
        if (loading.get(id)?.promise === promise) loading.delete(id);
      }
    },

    /**
     * The cached page of `id` if it may be served now (stored within the TTL, not expired), without
     * loading anything: the same object until the cache forgets or reloads it, which is what lets
     * an answer made from it be replayed (answer-replay.ts).
     */
    peek(id: string): CachedPublicPage<Page> | undefined {
      const cached = entries.get(id);
      if (!cached || !fresh(cached.storedAt)) return undefined;
      const { expiresAt } = cached.value;
      return expiresAt !== null && expiresAt <= now() ? undefined : cached.value;
    },

    /** Counts every clear and forget: a request that saw it change may not keep what it made meanwhile. */
    get generation() {
      return generation;
    },

    /** Forgets one message (its listens were just counted). */
    forget(id: string) {
      // A load under way may have read the row before the change: it must not store it.
      generation++;
      entries.delete(id);
      loading.delete(id);
    },

    /** Forgets the pages of one owner's messages: something only their payloads are built from changed. */
    forgetOwner(ownerId: number) {
      // Loads under way are not stored either: their owner is not known until they finish.
      generation++;
      for (const [id, cached] of entries) if (cached.value.ownerId === ownerId) entries.delete(id);
      loading.clear();
    },

    /** Forgets everything: something that any payload may be built from may have changed. */
    clear() {
      generation++;
      entries.clear();
      loading.clear();
    },

    get size() {
      return entries.size;
    },
  };
}

export type PublicPageCache<Page> = ReturnType<typeof createPublicPageCache<Page>>;
