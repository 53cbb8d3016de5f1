/**
 * Fixed-window counters in memory: enough to slow password guessing and form spam on one
 * process. Several processes each count on their own, which only makes the limit looser.
 */
export function createRateLimiter(options: { limit: number; windowMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; resetAt: number }>();

  function sweep(time: number) {
    for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key);
  }

  return {
    /** Counts one attempt; returns the seconds to wait when over the limit, else 0. */
    hit(key: string): number {
      const time = now();
      if (windows.size > 10_000) sweep(time);
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + options.windowMs };
        windows.set(key, window);
      }
      window.count++;
      return window.count > options.limit ? Math.ceil((window.resetAt - time) / 1000) : 0;
    },
    /** The seconds to wait if `key` is already over the limit, without counting an attempt. */
    peek(key: string): number {
      const time = now();
      const window = windows.get(key);
      if (!window || window.resetAt <= time || window.count < options.limit) return 0;
      return Math.ceil((window.resetAt - time) / 1000);
    },
    reset(key: string) {
      windows.delete(key);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
