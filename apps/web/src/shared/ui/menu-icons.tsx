import type { MenuItem } from '@klinikita/domain/access/menu';
import { GROUP_ICONS, type MenuIcon } from '@klinikita/domain/access/menu';
import {
  type Icon,
  IconBriefcase,
  IconBuildingCommunity,
  IconCash,
  IconDatabase,
  IconFileCheck,
  IconLayoutDashboard,
  IconPackages,
  IconPill,
  IconPlugConnected,
  IconPoint,
  IconSettings,
  IconStethoscope,
} from '@tabler/icons-react';

const ICONS: Record<MenuIcon, Icon> = {
  'file-check': IconFileCheck,
  'building-community': IconBuildingCommunity,
  settings: IconSettings,
  pill: IconPill,
  packages: IconPackages,
  cash: IconCash,
  database: IconDatabase,
  'plug-connected': IconPlugConnected,
  briefcase: IconBriefcase,
  stethoscope: IconStethoscope,
  dashboard: IconLayoutDashboard,
  point: IconPoint,
};

/** Groups have fixed icons by name (spec 2.3); other items use the icon the server names. */
export function menuIcon(item: MenuItem): Icon {
  const fixed = GROUP_ICONS[item.name as keyof typeof GROUP_ICONS];
  return ICONS[(fixed ?? item.icon) as MenuIcon] ?? IconPoint;
}
