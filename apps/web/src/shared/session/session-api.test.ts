import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, mockApi } from '../../test/render.tsx';
import { startSession } from './session-api.ts';
import { sessionStore } from './session-store.ts';

const USERS = '/api/clinic/v1/users';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut();
});

describe('session start', () => {
  it('an unreachable server leaves the session undecided and asks again once back online', async () => {
    // the app shell opened from the service worker's cache: the network fails
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await startSession();
    expect(sessionStore.getState()).toMatchObject({ status: 'unreachable', user: null });

    const user = makeUser();
    mockApi({ [USERS]: () => ({ body: { status: true, message: 'ok', data: user } }) });
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(sessionStore.getState()).toMatchObject({ status: 'ready', user }));
  });

  it('a proxy answering for a stopped server counts as unreachable too', async () => {
    mockApi({ [USERS]: () => ({ status: 502, body: { status: false, message: 'Bad Gateway' } }) });
    await startSession();
    expect(sessionStore.getState().status).toBe('unreachable');
  });

  it('a refusal from the server signs out', async () => {
    mockApi({ [USERS]: () => ({ status: 401, body: { status: false, message: 'Unauthorized' } }) });
    await startSession();
    expect(sessionStore.getState()).toMatchObject({ status: 'ready', user: null });
  });
});
