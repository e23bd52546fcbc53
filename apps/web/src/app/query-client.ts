import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../shared/api-client.ts';
import { sessionStore } from '../shared/session/session-store.ts';

/** Every failed call: the generic toast for unexpected failures; an expired session ends the session. */
function onApiError(error: unknown): void {
  reportUnexpectedError(error);
  if (error instanceof ApiError && error.status === 401 && sessionStore.getState().user)
    sessionStore.signOut();
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: onApiError }),
    mutationCache: new MutationCache({ onError: onApiError }),
    defaultOptions: {
      queries: {
        retry: (failures, error) => isUnexpectedError(error) && failures < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
