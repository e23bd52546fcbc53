import { Anchor, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { PatientRecord } from '../components/patient-record.tsx';

/** `/EMR/Detail/:id`: one patient's medical record. */
export function EmrDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  if (!id) return <Navigate to="/EMR" replace />;
  return (
    <Stack gap="sm">
      <Group>
        <Anchor component={Link} to="/EMR" size="sm">
          <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> {t('emr.detail.back')}
        </Anchor>
      </Group>
      <PatientRecord key={id} patientUid={id} />
    </Stack>
  );
}
