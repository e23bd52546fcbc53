import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { endSession } from '../../../shared/session/session-api.ts';

/**
 * Logout (spec 4): post the logout, drop the session and every cached answer, and replace the
 * history entry so Back finds no session and the guard sends it to the login page.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await endSession();
    queryClient.clear();
    navigate('/', { replace: true });
  };
}
