import { guardRedirect } from '@klinikita/domain/access/guards';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { withCatalogues } from '../shared/i18n/i18n.ts';
import { useSession } from '../shared/session/session-store.ts';
import { loadQueryClient } from './query-layer.ts';

// loaded only for a user whose password an Admin chose (with the query client its form uses)
const changePasswordChunk = withCatalogues(
  ['staffApi'],
  () => import('../features/auth/pages/change-password-page.tsx'),
);
const ChangePasswordPage = lazy(() =>
  Promise.all([changePasswordChunk(), loadQueryClient()]).then(([m]) => ({ default: m.ChangePasswordPage })),
);

/** Applies the guards of spec 6 to every screen; the decision itself is `guardRedirect`. */
export function RouteGuard() {
  const user = useSession((s) => s.user);
  const { pathname } = useLocation();
  // until they pick their own password, the server serves them nothing else: no screen opens
  if (user?.mustChangePassword)
    return (
      <Suspense>
        <ChangePasswordPage />
      </Suspense>
    );
  const target = guardRedirect(user && { role: user.role.role, access: user.role.menu.access }, pathname);
  return target ? <Navigate to={target} replace /> : <Outlet />;
}
