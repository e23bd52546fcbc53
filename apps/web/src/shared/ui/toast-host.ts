import { useSyncExternalStore } from 'react';

/**
 * Whether the toast container should be mounted. It is not on the login page's first load (its
 * code and portal weigh ~15 KB gzipped); the screens behind the login, and the first toast raised
 * anywhere, ask for it. Toasts raised before it mounts wait in its store and show when it does.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function wantToastHost(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export function useToastHostWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );
}
