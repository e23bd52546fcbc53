import { beforeEach, describe, expect, it, vi } from 'vitest';

const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
};

describe('chunk reload guard', () => {
  beforeEach(() => vi.resetModules());

  it('reloads once, not again within 60 s, and again after', async () => {
    const { reloadAfterChunkError } = await import('./chunk-reload.ts');
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadAfterChunkError({ now: 1_000_000, storage, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);

    // A fresh page (after the reload) remembers the time through sessionStorage.
    vi.resetModules();
    const fresh = await import('./chunk-reload.ts');
    expect(fresh.reloadAfterChunkError({ now: 1_000_000 + 59_999, storage, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(fresh.reloadAfterChunkError({ now: 1_000_000 + 60_000, storage, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('lets the error through when the page already reloaded recently', async () => {
    const { CHUNK_RELOAD_KEY, loadChunk } = await import('./chunk-reload.ts');
    const storage = memoryStorage();
    storage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    const reload = vi.fn();
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(loadChunk(failing, { storage, reload })).rejects.toThrow('dynamically imported');
    expect(reload).not.toHaveBeenCalled();
  });

  it('returns the module when the chunk loads', async () => {
    const { loadChunk } = await import('./chunk-reload.ts');
    await expect(loadChunk(async () => ({ page: 1 }))).resolves.toEqual({ page: 1 });
  });
});
