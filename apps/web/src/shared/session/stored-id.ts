import { useSyncExternalStore } from 'react';

/**
 * A positive id kept in browser storage under `key` that every component of the page reads and
 * follows: local storage outlives the tab, session storage lasts as long as it. Private modes
 * that refuse storage keep the choice until the page reloads.
 */
export function storedId(key: string, storage: () => Storage) {
  const listeners = new Set<() => void>();
  let fallback: number | null = null;

  const read = (): number | null => {
    try {
      const v = Number(storage().getItem(key));
      return Number.isInteger(v) && v > 0 ? v : null;
    } catch {
      return fallback;
    }
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  return {
    use: () => useSyncExternalStore(subscribe, read, () => null),
    /** The id now, outside React (a route's early read). */
    get: read,
    set(id: number | null) {
      try {
        if (id === null) storage().removeItem(key);
        else storage().setItem(key, String(id));
      } catch {
        fallback = id;
      }
      for (const l of listeners) l();
    },
  };
}
