import type { login as loginCall } from '@klinikita/domain/auth/auth.contract';
import type { LoginInput } from '@klinikita/domain/auth/auth.schema';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../shared/api/contract-client.ts';
import { sessionStore } from '../../../shared/session/session-store.ts';

/** `POST auth/login` (the login page: the contract as a type only, no schemas loaded). */
export async function login(input: LoginInput) {
  const { data } = await callRoute<typeof loginCall>(
    { method: 'POST', path: '/auth/login' },
    { body: input },
  );
  if (!data) throw new Error('Login answered without a session');
  return data;
}

/** Logs in and starts the session; the server sets the httpOnly `token` cookie. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user, token }) => sessionStore.signIn(user, token),
  });
}
