import type { getSessionUser } from '@klinikita/domain/auth/auth.contract';
import { callRoute } from '../api/contract-call.ts';
import { ApiError, request } from '../api-client.ts';
import { sessionStore } from './session-store.ts';

/** How long the shell waits before asking an unreachable server again (or sooner, when back online). */
export const SESSION_RETRY_MS = 5_000;

/** No answer from the server itself: the network failed, or a proxy in front found it down. */
const serverUnreachable = (error: unknown): boolean =>
  error instanceof ApiError && [0, 502, 503, 504].includes(error.status);

/**
 * Session start (spec 4): load the user from the cookie; on any failure the session is cleared.
 * When the server cannot be reached (the app shell opened from the service worker's cache), the
 * session is left undecided rather than signed out: the shell says so and asks again until the
 * server answers. Part of the first load: the contract as a type only, no schemas loaded.
 */
export async function startSession(): Promise<void> {
  try {
    const { data } = await callRoute<typeof getSessionUser>({ method: 'GET', path: '/users' });
    if (data) sessionStore.signIn(data);
    else sessionStore.signOut();
  } catch (error) {
    if (!serverUnreachable(error)) return sessionStore.signOut();
    sessionStore.markUnreachable();
    retrySoon();
  }
}

function retrySoon(): void {
  const retry = () => {
    clearTimeout(timer);
    window.removeEventListener('online', retry);
    void startSession();
  };
  const timer = setTimeout(retry, SESSION_RETRY_MS);
  window.addEventListener('online', retry);
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
