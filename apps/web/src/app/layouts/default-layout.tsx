import { useMenuSidebar } from './menu-sidebar.tsx';
import { ShellLayout } from './shell-layout.tsx';

/** The front-office layout: header plus the menu sidebar. */
export function DefaultLayout() {
  return <ShellLayout sidebar={useMenuSidebar()} />;
}
