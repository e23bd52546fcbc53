import type { Patient } from '@klinikita/domain/patients/patient.schema';
import { regionLine } from '@klinikita/domain/regions/region.schema';
import { Alert, Button, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { usePatient } from '../../../shared/patients/patients-api.ts';
import { useRegionLookup } from '../api/regions.ts';
import { IhsStatus } from '../components/ihs-status.tsx';
import { PatientForm } from '../components/patient-form.tsx';
import { LIST_PATH } from '../components/use-patient-form.ts';

/** `/MasterPasien/add`: a new patient. */
export function PatientAddPage() {
  return <PatientFormScreen patient={null} />;
}

/** `/MasterPasien/edit?id={uid}`: one patient, loaded fresh. */
export function PatientEditPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const uid = params.get('id');
  const patient = usePatient(uid);
  if (uid && patient.isLoading)
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={t('patients.web.loading')} />
      </Center>
    );
  if (!patient.data)
    return (
      <Stack gap="sm" align="flex-start">
        <Alert color="red" variant="light">
          {patient.error ? translateMessage(patient.error.message) : t('patients.web.notFound')}
        </Alert>
        <Button component={Link} to={LIST_PATH} variant="default">
          {t('patients.web.backToList')}
        </Button>
      </Stack>
    );
  if (!patient.data.mayChange)
    return (
      <Stack gap="sm" align="flex-start">
        <Alert color="yellow" variant="light">
          {t('patients.outsideScope')}
        </Alert>
        <Button component={Link} to={LIST_PATH} variant="default">
          {t('patients.web.backToList')}
        </Button>
      </Stack>
    );
  // another patient (the NIK link) starts a fresh form
  return <PatientFormScreen key={patient.data.uid} patient={patient.data} />;
}

function PatientFormScreen({ patient }: { patient: Patient | null }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={2}>{patient ? t('patients.web.editTitle') : t('patients.web.addTitle')}</Title>
        {patient && (
          <Text c="dimmed" size="sm">
            {t('patients.web.editSubtitle', { mrn: patient.mrn, clinic: patient.clinicName ?? '–' })}
          </Text>
        )}
        {patient && <StoredRegion patient={patient} />}
        {patient && <IhsStatus patient={patient} />}
      </div>
      <Card withBorder padding="lg">
        <PatientForm patient={patient} />
      </Card>
    </Stack>
  );
}

/** The names of the patient's stored region, under the record number. */
function StoredRegion({ patient }: { patient: Patient }) {
  const { t } = useTranslation();
  const lookup = useRegionLookup(patient);
  if (!lookup.data) return null;
  return (
    <Text c="dimmed" size="sm" data-testid="stored-region">
      {t('regions.web.area')}: {regionLine(lookup.data)}
    </Text>
  );
}
