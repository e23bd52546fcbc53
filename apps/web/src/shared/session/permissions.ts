import { accessibleRoutes } from '@klinikita/domain/access/menu';
import { type Permission, permissionsOf } from '@klinikita/domain/access/permissions';
import { useMemo } from 'react';
import { useSessionUser } from './session-store.ts';

/**
 * What the logged-in user may do, from the same catalogue the server checks: screens offer only
 * the moves and actions the server would allow.
 */
export function usePermissions(): ReadonlySet<Permission> {
  const user = useSessionUser();
  return useMemo(
    () =>
      permissionsOf(user.role.role, accessibleRoutes(user.role.menu.access), {
        doctor: user.DoctorId !== null,
      }),
    [user],
  );
}
