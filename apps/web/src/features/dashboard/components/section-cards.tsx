import { SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import {
  type Icon,
  IconAddressBook,
  IconChartPie,
  IconClockHour4,
  IconPackages,
  IconReportMoney,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DASHBOARD_SECTIONS, type DashboardSection, sectionOf } from '../sections.ts';

const ICONS: Record<DashboardSection['key'], Icon> = {
  revenue: IconReportMoney,
  turnAroundTime: IconClockHour4,
  serviceDistribution: IconChartPie,
  inventoryManagement: IconPackages,
  crm: IconAddressBook,
};

/** The five section cards of the advance dashboard; the open section is highlighted. */
export function SectionCards() {
  const { t } = useTranslation();
  const active = sectionOf(useLocation().pathname);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
      {DASHBOARD_SECTIONS.map((section) => {
        const Icon = ICONS[section.key];
        const selected = section.key === active.key;
        return (
          <UnstyledButton
            key={section.key}
            component={Link}
            to={section.path}
            aria-current={selected ? 'page' : undefined}
            p="md"
            style={{
              borderRadius: 'var(--mantine-radius-md)',
              border: `1px solid ${selected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-3)'}`,
              background: selected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-white)',
              color: selected ? 'var(--mantine-color-white)' : 'inherit',
              display: 'flex',
              alignItems: 'center',
              gap: 10,
            }}
          >
            <Icon size={22} stroke={1.6} />
            <Text fw={600} size="sm">
              {t(`web.dashboard.sections.${section.key}`)}
            </Text>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
