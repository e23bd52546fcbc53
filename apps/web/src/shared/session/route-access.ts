import { guardRedirect } from '@klinikita/domain/access/guards';
import { type MenuItem, visibleMenu } from '@klinikita/domain/access/menu';
import { useCallback } from 'react';
import { pathByName } from '../navigation.ts';
import { useSessionUser } from './session-store.ts';

/**
 * Whether the route guards (spec 6: the role guards, then the menu check) let the logged-in user
 * open a path: a button is offered only where it leads somewhere the user may go, never to
 * "Akses ditolak".
 */
export function useCanOpen(): (path: string) => boolean {
  const user = useSessionUser();
  return useCallback(
    (path: string) => guardRedirect({ role: user.role.role, access: user.role.menu.access }, path) === null,
    [user],
  );
}

/** The service desks' screens (lab, MCU, radiology, physio). */
const SERVICE_SCREENS = ['Lab-home-page-lab', 'Lab-home-page-mcu', 'Radiology', 'Physio'];

/**
 * Spec 2.8's "module service flag": the clinic runs the service module and the user works in it.
 * The session's `dataModul.service` is true for every clinic today, so the user's menus decide:
 * the flag is on when one of the service screens is open to them.
 */
export function useServiceModule(): boolean {
  const user = useSessionUser();
  const canOpen = useCanOpen();
  return user.dataModul.service && SERVICE_SCREENS.some((name) => canOpen(pathByName(name)));
}

/** The screens the user's sidebar menu lists (spec 2.7's "menus"), groups counted by their screens. */
export function menuScreenCount(menu: readonly MenuItem[]): number {
  return visibleMenu(menu).reduce(
    (count, item) => count + (item.route ? 1 : 0) + menuScreenCount(item.children),
    0,
  );
}
