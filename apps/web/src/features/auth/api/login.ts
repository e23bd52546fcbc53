import type { LoginInput, SessionUser } from '@klinikita/domain/auth/auth.schema';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api-client.ts';
import { sessionStore } from '../../../shared/session/session-store.ts';

interface LoginResult {
  token: string;
  user: SessionUser;
}

export async function login(input: LoginInput): Promise<LoginResult> {
  const { data } = await api<LoginResult>('auth/login', { method: 'POST', body: input });
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
