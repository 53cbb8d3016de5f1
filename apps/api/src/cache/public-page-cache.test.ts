import { describe, expect, it } from 'vitest';
import type { JobContext, JobHandler } from '../jobs/job-worker.ts';
import type { JobRow } from '../jobs/job-queue.ts';
import { clearingAfterEachJob } from './clear-public-pages.ts';
import { matchesEtag } from './http-caching.ts';
import { createPublicPageCache, type PublicPageSource } from './public-page-cache.ts';

const source = (title: string): PublicPageSource<string> => ({
  page: title,
  payload: { title },
  ownerId: 1,
  origin: 'owner',
  expiresAt: null,
});

/** A load the test finishes when it chooses. */
function deferredLoad(title: string) {
  let finish!: () => void;
  const gate = new Promise<void>((resolve) => (finish = resolve));
  let calls = 0;
  return {
    load: async () => {
      calls++;
      await gate;
      return source(title);
    },
    finish,
    calls: () => calls,
  };
}

describe('the public page cache', () => {
  it('loads a message once for any number of readers at once, then serves it from memory until the TTL', async () => {
    let clock = 0;
    const cache = createPublicPageCache<string>({ ttlMs: 5000, now: () => clock });
    const pending = deferredLoad('one');
    const readers = Array.from({ length: 50 }, () => cache.read('a', pending.load));
    pending.finish();
    const pages = await Promise.all(readers);
    expect(pending.calls()).toBe(1);
    expect(new Set(pages.map((page) => page.etag)).size).toBe(1);
    expect(pages[0]!.json).toBe('{"title":"one"}');

    let loads = 0;
    const counting = async () => (loads++, source('two'));
    clock = 4999;
    expect((await cache.read('a', counting)).page).toBe('one');
    clock = 5000;
    expect((await cache.read('a', counting)).page).toBe('two');
    expect(loads).toBe(1);
  });

  it('does not keep what a load read before a clear', async () => {
    const cache = createPublicPageCache<string>({ ttlMs: 60_000 });
    const stale = deferredLoad('before the write');
    const reading = cache.read('a', stale.load);
    cache.clear();
    stale.finish();
    expect((await reading).page).toBe('before the write');
    expect(cache.size).toBe(0);
    expect((await cache.read('a', async () => source('after the write'))).page).toBe('after the write');

    const forgotten = deferredLoad('before the listens');
    const again = cache.read('b', forgotten.load);
    cache.forget('b');
    forgotten.finish();
    await again;
    expect((await cache.read('b', async () => source('counted'))).page).toBe('counted');
  });

  it('keeps nothing when off, and drops the oldest entry past its size', async () => {
    const off = createPublicPageCache<string>({ ttlMs: 0 });
    await off.read('a', async () => source('x'));
    expect(off.size).toBe(0);
    const small = createPublicPageCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    for (const id of ['a', 'b', 'c']) await small.read(id, async () => source(id));
    expect(small.size).toBe(2);
    expect((await small.read('a', async () => source('reloaded'))).page).toBe('reloaded');
  });

  it('is emptied after every job, whether it succeeded, failed or gave up', async () => {
    let clears = 0;
    const cache = { clear: () => clears++ };
    const handlers: Record<string, JobHandler> = {
      works: { run: async () => undefined },
      fails: {
        run: async () => {
          throw new Error('no');
        },
        giveUp: async () => undefined,
      },
    };
    const wrapped = clearingAfterEachJob(cache, handlers);
    const job = {} as JobRow;
    const context = {} as JobContext;
    await wrapped.works!.run(job, context);
    await expect(wrapped.fails!.run(job, context)).rejects.toThrow('no');
    await wrapped.fails!.giveUp!(job, 'given up', {} as never);
    expect(clears).toBe(3);
    expect(wrapped.works!.giveUp).toBeUndefined();
  });

  it('matches If-None-Match lists, weak forms and *', () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('"b", W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('*', '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
    expect(matchesEtag(undefined, '"a"')).toBe(false);
  });
});
