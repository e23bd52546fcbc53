import { guardRedirect } from '@klinikita/domain/access/guards';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../shared/session/session-store.ts';

/** Applies the guards of spec 6 to every screen; the decision itself is `guardRedirect`. */
export function RouteGuard() {
  const user = useSession((s) => s.user);
  const { pathname } = useLocation();
  const target = guardRedirect(user && { role: user.role.role, access: user.role.menu.access }, pathname);
  return target ? <Navigate to={target} replace /> : <Outlet />;
}
