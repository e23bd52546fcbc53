import type { Patient, PatientSummary } from '@klinikita/domain/patients/patient.schema';
import { Alert, Badge, Button, Group, Paper, Skeleton, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowsExchange } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePartnerCompanies } from '../../../shared/registrations/registrations-api.ts';
import { patientName } from './patient-search.tsx';
import { PhysioSessionsBadge } from './physio-sessions-badge.tsx';

/** The picked patient, compact: who they are, how to reach them, who pays, and their allergies. */
export function PatientCard({
  patient,
  details,
  onChange,
}: {
  patient: PatientSummary;
  /** The full record (allergies, insurer), once loaded. */
  details: Patient | undefined;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const companies = usePartnerCompanies();
  const payer = details ?? patient;
  const payerLabel = t(`frontOffice.visit.payers.${payer.payerType}`);
  const company = details?.companyId ? companies.data?.find((c) => c.id === details.companyId) : undefined;
  const payerExtra = details
    ? [company?.name, details.insuranceName, details.insuranceNumber].filter(Boolean).join(' ')
    : '';
  const allergies = details?.allergies?.trim();
  return (
    <Paper
      withBorder
      p="sm"
      mt="sm"
      bg="gray.0"
      aria-label={t('frontOffice.patient.section')}
      component="section"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <Text fw={700} size="lg" truncate data-testid="picked-patient">
              {patientName(patient)}
            </Text>
            <Badge variant="light" color="gray" radius="sm" style={{ flexShrink: 0 }}>
              {patient.mrn}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {[
              patient.nik
                ? `${t('frontOffice.patient.nik')} ${patient.nik}`
                : patient.passport
                  ? `${t('frontOffice.patient.passport')} ${patient.passport}`
                  : null,
              `${patient.dob} (${t('frontOffice.patient.age', patient.age)})`,
              t(patient.sex === 'M' ? 'frontOffice.patient.sexM' : 'frontOffice.patient.sexF'),
              patient.phone ? `${t('frontOffice.patient.phone')} ${patient.phone}` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <Text size="sm">
            {t('frontOffice.patient.payer')}: <b>{payerLabel}</b>
            {payerExtra ? ` · ${payerExtra}` : ''}
          </Text>
          <PhysioSessionsBadge patientUid={patient.uid} />
        </div>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconArrowsExchange size={14} />}
          onClick={onChange}
          style={{ flexShrink: 0 }}
        >
          {t('frontOffice.patient.change')}
        </Button>
      </Group>
      {!details ? (
        <Skeleton height={14} mt={8} width="40%" aria-label={t('frontOffice.patient.loadingDetails')} />
      ) : allergies ? (
        <Alert
          mt={8}
          py={6}
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t('frontOffice.patient.allergies')}
          role="alert"
        >
          {allergies}
        </Alert>
      ) : (
        <Text size="xs" c="dimmed" mt={4}>
          {t('frontOffice.patient.noAllergies')}
        </Text>
      )}
    </Paper>
  );
}
