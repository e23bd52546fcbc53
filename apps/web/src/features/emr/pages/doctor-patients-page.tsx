import { Card, Drawer, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCanOpen } from '../../../shared/session/route-access.ts';
import type { RecordPatient } from '../api/record-api.ts';
import { PatientRecord } from '../components/patient-record.tsx';
import { RecordPatientSearch } from '../components/record-patient-search.tsx';
import { detailPath } from '../components/use-record-search.ts';
import { titledName } from '../format.ts';

/**
 * `/Doctor/patient`: the patients this doctor has seen, latest first. A row opens the full record
 * (/EMR/Detail) for those who may open it; for a doctor without the record menu it opens the
 * same record in a drawer here, so the doctor still reads their own patients' history.
 */
export function DoctorPatientsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canOpenEmr = useCanOpen()('/EMR/Detail/x');
  const [drawer, setDrawer] = useState<RecordPatient | null>(null);
  const open = (p: RecordPatient) => (canOpenEmr ? navigate(detailPath(p)) : setDrawer(p));
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('emr.mine.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('emr.mine.subtitle')}
        </Text>
      </div>
      <Card withBorder padding="md">
        <RecordPatientSearch
          mine
          listLabel={t('emr.mine.list')}
          emptyLabel={t('emr.mine.empty')}
          onOpen={open}
        />
      </Card>
      <Drawer
        opened={drawer !== null}
        onClose={() => setDrawer(null)}
        position="right"
        size="75%"
        title={drawer ? titledName(drawer) : ''}
      >
        {drawer && <PatientRecord patientUid={drawer.uid} />}
      </Drawer>
    </Stack>
  );
}
