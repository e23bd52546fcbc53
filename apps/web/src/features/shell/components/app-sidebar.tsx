import { type MenuItem, visibleMenu } from '@klinikita/domain/access/menu';
import { Box, NavLink } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { menuIcon } from '../../../shared/ui/menu-icons.tsx';

const isActive = (route: string | null, pathname: string) =>
  route !== null && (pathname === route || pathname.startsWith(`${route}/`));

const containsActive = (item: MenuItem, pathname: string): boolean =>
  isActive(item.route, pathname) || item.children.some((child) => containsActive(child, pathname));

function MenuNode({ item, level, pathname }: { item: MenuItem; level: number; pathname: string }) {
  const { t, i18n } = useTranslation();
  const label = i18n.exists(item.key) ? t(item.key) : item.name;
  const Icon = menuIcon(item);
  const leftSection = level === 0 ? <Icon size={18} stroke={1.6} /> : undefined;

  if (item.children.length > 0) {
    return (
      <NavLink
        label={label}
        leftSection={leftSection}
        defaultOpened={containsActive(item, pathname)}
        childrenOffset={level === 0 ? 28 : 16}
      >
        {item.children.map((child) => (
          <MenuNode key={child.code} item={child} level={level + 1} pathname={pathname} />
        ))}
      </NavLink>
    );
  }
  return (
    <NavLink
      component={Link}
      to={item.route ?? '/'}
      label={label}
      leftSection={leftSection}
      active={isActive(item.route, pathname)}
      aria-current={isActive(item.route, pathname) ? 'page' : undefined}
    />
  );
}

/** The sidebar (spec 2.3): the enabled part of the server's menu tree, up to three levels. */
export function AppSidebar({ menu }: { menu: readonly MenuItem[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    // the browser's own scrolling: Mantine's ScrollArea measures its content on every resize, a
    // forced layout on each screen's first paint
    <Box
      component="nav"
      aria-label={t('web.sidebar.label')}
      h="100%"
      p="xs"
      style={{ overflowY: 'auto', scrollbarWidth: 'thin' }}
    >
      {visibleMenu(menu).map((item) => (
        <MenuNode key={item.code} item={item} level={0} pathname={pathname} />
      ))}
    </Box>
  );
}
