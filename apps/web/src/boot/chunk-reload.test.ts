import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadForChunkError } from './chunk-reload.ts';

describe('chunk-load reloads (spec: at most once per 10 s)', () => {
  it('reloads once, then not again within 10 s, then again after', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    };
    const reload = vi.fn();
    let time = 100_000;
    expect(reloadForChunkError(storage, reload, () => time)).toBe(true);
    time += 9_999;
    expect(reloadForChunkError(storage, reload, () => time)).toBe(false);
    time += 2;
    expect(reloadForChunkError(storage, reload, () => time)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('recognises the browsers’ chunk errors only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
