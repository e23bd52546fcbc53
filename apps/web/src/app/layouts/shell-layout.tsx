import { AppShell } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { lazy, type ReactNode, useEffect } from 'react';
import { Outlet } from 'react-router';
import { AppHeader } from '../../features/shell/components/app-header.tsx';
import { DocumentModals } from '../../shared/billing/document-modals.tsx';
import { syncDayjsLocale } from '../../shared/i18n/dayjs-locale.ts';
import { withCatalogues } from '../../shared/i18n/i18n.ts';
import { sessionStore, useSession, useSessionUser } from '../../shared/session/session-store.ts';

/**
 * The header's Edit Profile opens the profile feature's modal (doctor, spec 2.5, or staff, 2.6);
 * loaded on first use, keeping the profile forms out of every screen's first load.
 */
const editProfileChunk = withCatalogues(
  ['staffWeb', 'staffApi', 'satusehat'],
  () => import('../../features/profile/components/edit-profile-modal.tsx'),
);
const EditProfileModal = lazy(() => editProfileChunk().then((m) => ({ default: m.EditProfileModal })));

/** Header plus an optional sidebar slot: the frame every logged-in layout shares (spec 2.2). */
export function ShellLayout({ sidebar, children }: { sidebar?: ReactNode; children?: ReactNode }) {
  const user = useSessionUser();
  const opened = useSession((s) => s.sidebarTrigger);
  const hasSidebar = Boolean(sidebar);
  useEffect(syncDayjsLocale, []);
  return (
    <ModalsProvider>
      <AppShell
        header={{ height: 60 }}
        navbar={
          hasSidebar
            ? { width: 260, breakpoint: 'sm', collapsed: { mobile: !opened, desktop: !opened } }
            : undefined
        }
        padding="md"
        bg="var(--mantine-color-gray-0)"
      >
        <AppShell.Header>
          <AppHeader
            user={user}
            profileEditor={EditProfileModal}
            sidebar={hasSidebar ? { opened, onToggle: sessionStore.toggleSidebar } : undefined}
          />
        </AppShell.Header>
        {hasSidebar && <AppShell.Navbar>{sidebar}</AppShell.Navbar>}
        <AppShell.Main>{children ?? <Outlet />}</AppShell.Main>
      </AppShell>
      <DocumentModals />
    </ModalsProvider>
  );
}
