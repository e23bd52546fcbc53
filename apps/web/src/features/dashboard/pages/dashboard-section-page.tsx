import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SatusehatCard } from '../components/satusehat-card.tsx';
import { sectionOf } from '../sections.ts';

/** The open dashboard section; its charts arrive with the dashboards issue. The root shows the SATUSEHAT card. */
export function DashboardSectionPage() {
  const { t } = useTranslation();
  const section = sectionOf(useLocation().pathname);
  return (
    <Stack gap="md">
      {section.key === 'revenue' && <SatusehatCard />}
      <Card padding="lg">
        <Title order={3}>{t(`web.dashboard.sections.${section.key}`)}</Title>
        <Text c="dimmed" size="sm">
          {t(`web.dashboard.descriptions.${section.key}`)}
        </Text>
      </Card>
    </Stack>
  );
}
