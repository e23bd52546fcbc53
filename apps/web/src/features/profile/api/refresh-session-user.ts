import { getSessionUser } from '@klinikita/domain/auth/auth.contract';
import type { SessionUser } from '@klinikita/domain/auth/auth.schema';
import { call } from '../../../shared/api/contract-client.ts';
import { sessionStore } from '../../../shared/session/session-store.ts';

/**
 * Reloads the session user (`GET users`) after a profile save so the header shows the new name
 * and photo. Falls back to patching the store when the reload fails: the save itself succeeded.
 */
export async function refreshSessionUser(patch: Partial<Pick<SessionUser, 'name' | 'imageUrl'>>) {
  const current = sessionStore.getState().user;
  try {
    const { data } = await call(getSessionUser);
    if (data) {
      sessionStore.signIn(data);
      return;
    }
  } catch {
    // fall through to the local patch
  }
  if (current) sessionStore.signIn({ ...current, ...patch });
}
