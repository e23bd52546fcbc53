import { changePassword, getSessionUser } from '@klinikita/domain/auth/auth.contract';
import type { PasswordChangeInput } from '@klinikita/domain/auth/password.schema';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/contract-client.ts';
import { sessionStore } from '../../../shared/session/session-store.ts';

/**
 * `POST auth/password`: the own password, with the current one. The session user is read again,
 * so a change the Admin asked for is seen done and the screens open.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: PasswordChangeInput) => call(changePassword, { body: input }),
    onSuccess: async () => {
      const { data } = await call(getSessionUser);
      if (data) sessionStore.signIn(data);
    },
  });
}
