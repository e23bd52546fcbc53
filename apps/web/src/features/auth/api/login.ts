import type { login as loginCall } from '@klinikita/domain/auth/auth.contract';
import type { LoginInput } from '@klinikita/domain/auth/auth.schema';
import { useState } from 'react';
import { callRoute } from '../../../shared/api/contract-call.ts';
import { reportUnexpectedError } from '../../../shared/api-client.ts';
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

interface LoginState {
  isPending: boolean;
  error: Error | null;
}

/**
 * Logs in and starts the session; the server sets the httpOnly `token` cookie. Plain React state
 * rather than a query mutation: the login page loads no query client (app/query-layer.ts). A
 * failure nobody can fix (network, server) raises the generic toast, as every other call's does.
 */
export function useLogin() {
  const [state, setState] = useState<LoginState>({ isPending: false, error: null });
  const mutate = (
    input: LoginInput,
    handlers: { onSuccess?: () => void; onError?: (error: Error) => void } = {},
  ) => {
    setState({ isPending: true, error: null });
    login(input).then(
      ({ user, token }) => {
        sessionStore.signIn(user, token);
        setState({ isPending: false, error: null });
        handlers.onSuccess?.();
      },
      (error: Error) => {
        void reportUnexpectedError(error);
        setState({ isPending: false, error });
        handlers.onError?.(error);
      },
    );
  };
  return { ...state, mutate };
}
