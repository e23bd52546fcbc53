import { useQueryClient } from '@tanstack/react-query';
import { endSession } from './session-api.ts';

/**
 * Logout (spec 4): post the logout, drop the session and every cached answer. The route guard
 * sees the session gone and replaces the history entry with the login page: one navigation, so
 * Back finds no session and no second navigation can race it.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return async () => {
    await endSession();
    queryClient.clear();
  };
}
