import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { SectionCards } from '../../features/dashboard/components/section-cards.tsx';
import { useMenuSidebar } from './menu-sidebar.tsx';
import { ShellLayout } from './shell-layout.tsx';

/** The advance dashboard layout: the five section cards above the open section (spec 2.2). */
export function AdvanceLayout() {
  const { t } = useTranslation();
  return (
    <ShellLayout sidebar={useMenuSidebar()}>
      <Stack gap="md">
        <Title order={2}>{t('web.dashboard.title')}</Title>
        <SectionCards />
        <Outlet />
      </Stack>
    </ShellLayout>
  );
}
