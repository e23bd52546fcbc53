import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RecordPatient } from '../api/record-api.ts';
import { RecordPatientSearch } from '../components/record-patient-search.tsx';
import { detailPath } from '../components/use-record-search.ts';

/** `/EMR`: find a patient's medical record by name, record number or NIK. */
export function EmrSearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = (p: RecordPatient) => navigate(detailPath(p));
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('emr.search.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('emr.search.subtitle')}
        </Text>
      </div>
      <Card withBorder padding="md">
        <RecordPatientSearch
          mine={false}
          listLabel={t('emr.search.list')}
          emptyLabel={t('emr.search.empty')}
          hint={t('emr.search.hint')}
          onOpen={open}
        />
      </Card>
    </Stack>
  );
}
