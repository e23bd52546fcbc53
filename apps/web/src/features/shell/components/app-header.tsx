import { ROLES } from '@klinikita/domain/access/roles';
import { isRouteBuilt } from '@klinikita/domain/access/routes';
import type { SessionUser } from '@klinikita/domain/auth/auth.schema';
import { Avatar, Burger, Divider, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconCalendarTime, IconChevronDown, IconLogout, IconUserEdit } from '@tabler/icons-react';
import { type ComponentType, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageSwitch } from '../../../shared/i18n/language-switch.tsx';
import { useClinicName } from '../../../shared/session/clinic-name.ts';
import { useLogout } from '../../../shared/session/logout.ts';
import { BrandLogo } from '../../../shared/ui/brand-logo.tsx';
import { HeaderClock } from './header-clock.tsx';

/** Edit Profile opens the doctor (spec 2.5) or staff (spec 2.6) profile modal. */
export const EDIT_PROFILE_ENABLED = true;
export const DOCTOR_AGENDA_ROUTE = '/Doctor/doctor-agenda';

/** What the header hands the own-profile editor that Edit Profile opens. */
export interface ProfileEditorProps {
  user: SessionUser;
  opened: boolean;
  onClose: () => void;
}

interface AppHeaderProps {
  user: SessionUser;
  /** Present when the layout has a sidebar that the burger opens and closes. */
  sidebar?: { opened: boolean; onToggle: () => void };
  /**
   * The editor Edit Profile opens: app/ passes the profile feature's modal (lazy, so its chunk
   * loads only when asked for); a feature does not import another feature.
   */
  profileEditor: ComponentType<ProfileEditorProps>;
}

/** The header of spec 2.4: date, clock, clinic name, language, and the user's menu. */
export function AppHeader({ user, sidebar, profileEditor: ProfileEditor }: AppHeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const clinicName = useClinicName(user);
  const showSchedule = user.role.role === ROLES.doctor && isRouteBuilt(DOCTOR_AGENDA_ROUTE);
  // null until first opened, so the modal's chunk loads only when asked for
  const [profileOpen, setProfileOpen] = useState<boolean | null>(null);

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {sidebar && (
          <Burger
            opened={sidebar.opened}
            onClick={sidebar.onToggle}
            size="sm"
            aria-label={t('web.header.toggleSidebar')}
          />
        )}
        <BrandLogo name={t('web.appName')} />
        <Divider orientation="vertical" visibleFrom="sm" />
        <Text fw={600} size="sm" truncate maw={280} visibleFrom="sm" data-testid="header-clinic">
          {clinicName}
        </Text>
      </Group>

      <Group gap="lg" wrap="nowrap">
        <HeaderClock timeZone={user.timeZone} />
        <LanguageSwitch />
        <Menu position="bottom-end" width={200} shadow="md">
          <Menu.Target>
            <UnstyledButton aria-label={t('web.header.userMenu')}>
              <Group gap="xs" wrap="nowrap">
                <Avatar src={user.imageUrl} alt={user.name} radius="xl" size={34} />
                <div>
                  <Text size="sm" fw={600} lh={1.2} truncate maw={160}>
                    {user.name}
                  </Text>
                  <Text size="xs" c="dimmed" lh={1.2}>
                    {user.role.role}
                  </Text>
                </div>
                <IconChevronDown size={14} />
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            {EDIT_PROFILE_ENABLED && (
              <Menu.Item leftSection={<IconUserEdit size={16} />} onClick={() => setProfileOpen(true)}>
                {t('web.header.editProfile')}
              </Menu.Item>
            )}
            {showSchedule && (
              <Menu.Item
                leftSection={<IconCalendarTime size={16} />}
                onClick={() => navigate(DOCTOR_AGENDA_ROUTE)}
              >
                {t('web.header.schedule')}
              </Menu.Item>
            )}
            <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={logout}>
              {t('web.header.logout')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {profileOpen !== null && (
        <Suspense fallback={null}>
          <ProfileEditor user={user} opened={profileOpen} onClose={() => setProfileOpen(false)} />
        </Suspense>
      )}
    </Group>
  );
}
