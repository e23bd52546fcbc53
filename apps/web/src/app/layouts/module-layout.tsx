import { ShellLayout } from './shell-layout.tsx';

/**
 * Doctor, lab, physio and mandiri layouts: the header plus the module's own sidebar. Their
 * patient-list sidebars (spec 2.7, 2.8) arrive with their modules; until then the slot is empty.
 */
export function ModuleLayout() {
  return <ShellLayout />;
}
