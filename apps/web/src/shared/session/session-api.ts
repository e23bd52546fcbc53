import type { getSessionUser } from '@klinikita/domain/auth/auth.contract';
import { callRoute } from '../api/contract-client.ts';
import { request } from '../api-client.ts';
import { sessionStore } from './session-store.ts';

/**
 * Session start (spec 4): load the user from the cookie; on any failure the session is cleared.
 * Part of the first load: the contract as a type only, no schemas loaded.
 */
export async function startSession(): Promise<void> {
  try {
    const { data } = await callRoute<typeof getSessionUser>({ method: 'GET', path: '/users' });
    if (data) sessionStore.signIn(data);
    else sessionStore.signOut();
  } catch {
    sessionStore.signOut();
  }
}

/** Logout (spec 4): the server clears the cookies; the local session is cleared whatever it answers. */
export async function endSession(): Promise<void> {
  try {
    await request('/logout', { method: 'POST' });
  } catch {
    // The session is dropped locally either way; the cookie expires on its own.
  } finally {
    sessionStore.signOut();
  }
}
