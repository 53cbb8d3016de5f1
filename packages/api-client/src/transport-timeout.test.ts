import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client.ts';

/** A server that never answers: the request ends only when the client gives up on it. */
function silentFetch() {
  const started: number[] = [];
  const fetch = ((input: Request | string | URL, init?: RequestInit) => {
    const signal = input instanceof Request ? input.signal : init?.signal;
    started.push(Date.now());
    return new Promise<Response>((_, reject) => {
      signal?.addEventListener('abort', () => reject(signal.reason ?? new DOMException('Aborted', 'AbortError')));
    });
  }) as typeof globalThis.fetch;
  return { fetch, started };
}

describe('request timeout', () => {
  afterEach(() => vi.useRealTimers());

  it('waits as long as the client was told to, not ky’s own 10 s', async () => {
    vi.useFakeTimers();
    const server = silentFetch();
    const client = createApiClient({ baseUrl: 'https://api.example.com/api', fetch: server.fetch, timeoutMs: 60_000, retryLimit: 0 });
    let settled = false;
    const answer = client.viewVocal('AAAAAAAAAAAA').then((result) => {
      settled = true;
      return result;
    });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(server.started).toHaveLength(1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(31_000);
    expect(await answer).toMatchObject({ ok: false, error: { msg: 'The server took too long to answer' } });
  });
});
