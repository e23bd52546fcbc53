import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { Card, Group, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkingClinic } from '../../../shared/session/working-clinic.ts';
import { JournalTab } from '../components/journal-tab.tsx';
import { MappingTab } from '../components/mapping-tab.tsx';

/**
 * `/ERP/integrasi`: the accounting hand-off of one clinic — its journal from billing (by days,
 * with the files for an accounting system) and its chart-of-accounts mapping.
 */
export function AccountingPage() {
  const { t } = useTranslation();
  const { clinic, clinics } = useWorkingClinic();
  const [clinicId, setClinicId] = useState<number | undefined>(clinic?.id);
  const current = clinics.find((c) => c.id === clinicId) ?? clinic;
  if (!current) return null;
  const today = clinicDay(current.timeZone ?? 'Asia/Jakarta');

  return (
    <Card padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3}>{t('accounting.screen.title')}</Title>
            <Text c="dimmed" size="sm">
              {t('accounting.screen.subtitle')}
            </Text>
          </div>
          {clinics.length > 1 && (
            <Select
              label={t('accounting.screen.clinic')}
              data={clinics.map((c) => ({ value: String(c.id), label: c.name }))}
              value={String(current.id)}
              onChange={(v) => v && setClinicId(Number(v))}
              allowDeselect={false}
            />
          )}
        </Group>
        <Tabs defaultValue="journal" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="journal">{t('accounting.screen.journalTab')}</Tabs.Tab>
            <Tabs.Tab value="mapping">{t('accounting.screen.mappingTab')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="journal" pt="md">
            <JournalTab key={current.id} clinicId={current.id} today={today} />
          </Tabs.Panel>
          <Tabs.Panel value="mapping" pt="md">
            <MappingTab key={current.id} clinicId={current.id} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Card>
  );
}
