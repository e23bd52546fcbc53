import { sidebarHidden } from '@klinikita/domain/access/menu';
import { AppSidebar } from '../../features/shell/components/app-sidebar.tsx';
import { useSession } from '../../shared/session/session-store.ts';

/** The menu sidebar, or nothing when the user has a single entry without children (spec 2.2). */
export function useMenuSidebar() {
  const menu = useSession((s) => s.arrMenu);
  return sidebarHidden(menu) ? null : <AppSidebar menu={menu} />;
}
