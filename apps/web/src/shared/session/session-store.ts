import type { MenuItem } from '@klinikita/domain/access/menu';
import type { DataModul, SessionUser } from '@klinikita/domain/auth/auth.schema';
import { useSyncExternalStore } from 'react';

/** The session store of spec 3: who is logged in and the shell state that follows from it. */
export interface SessionState {
  /**
   * 'loading' until the first `GET users` has answered; 'unreachable' while that call cannot reach
   * the server (the app shell opened offline), until it answers.
   */
  status: 'loading' | 'unreachable' | 'ready';
  user: SessionUser | null;
  token: string | null;
  /** Sidebar open (spec 9: default true). */
  sidebarTrigger: boolean;
  modul: DataModul | null;
  /** The sidebar menu: the role's menu tree, already filtered by the server to screens that exist. */
  arrMenu: MenuItem[];
  dataClinic: SessionUser['dataClinic'];
}

const signedOut: Pick<SessionState, 'user' | 'token' | 'modul' | 'arrMenu' | 'dataClinic'> = {
  user: null,
  token: null,
  modul: null,
  arrMenu: [],
  dataClinic: null,
};

let state: SessionState = { status: 'loading', sidebarTrigger: true, ...signedOut };
const listeners = new Set<() => void>();

function setState(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export const sessionStore = {
  getState: (): SessionState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(user: SessionUser, token: string | null = state.token): void {
    setState({
      status: 'ready',
      user,
      token,
      modul: user.dataModul,
      arrMenu: user.menu,
      dataClinic: user.dataClinic,
    });
  },
  signOut(): void {
    setState({ status: 'ready', ...signedOut });
  },
  /** The session check reached no server: the shell says so until it answers (startSession retries). */
  markUnreachable(): void {
    setState({ status: 'unreachable' });
  },
  toggleSidebar(): void {
    setState({ sidebarTrigger: !state.sidebarTrigger });
  },
};

export function useSession<T>(select: (state: SessionState) => T): T {
  return useSyncExternalStore(sessionStore.subscribe, () => select(state));
}

/** The logged-in user; only for screens behind the session guard. */
export function useSessionUser(): SessionUser {
  const user = useSession((s) => s.user);
  if (!user) throw new Error('useSessionUser outside the session guard');
  return user;
}
