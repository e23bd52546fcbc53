import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * The app's query client (TanStack Query), loaded with the first screen behind the login: the
 * login page asks the server for nothing it would cache, so the library stays out of its first
 * load. Every screen behind the login waits for it together with its own chunk (router.tsx).
 */
let client: QueryClient | null = null;
let loading: Promise<QueryClient> | null = null;
const listeners = new Set<() => void>();

export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client.ts').then(
    ({ createQueryClient }) => {
      client = createQueryClient();
      for (const listener of listeners) listener();
      return client;
    },
    (error) => {
      // a failed chunk (a deploy in between) is tried again by the next screen
      loading = null;
      throw error;
    },
  );
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The query client once it is loaded, null before. */
export const useLoadedQueryClient = (): QueryClient | null => useSyncExternalStore(subscribe, () => client);
