import type { Patient } from '@klinikita/domain/patients/patient.schema';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The patient's SATUSEHAT identity: the IHS number, or that there is none yet and why (without
 * it the visits are not sent to the platform).
 */
export function IhsStatus({ patient }: { patient: Patient }) {
  const { t } = useTranslation();
  if (patient.ihsNumber)
    return (
      <Text c="dimmed" size="sm" data-testid="ihs-status">
        {t('patients.web.ihsNumber', { ihs: patient.ihsNumber })}
      </Text>
    );
  const why = patient.ihsMissingReason
    ? t(`patients.web.ihsReason${patient.ihsMissingReason}`)
    : t('patients.web.ihsNotChecked');
  return (
    <Text c={patient.ihsMissingReason ? 'orange.8' : 'dimmed'} size="sm" data-testid="ihs-status">
      {t('patients.web.ihsMissing')}: {why}
    </Text>
  );
}
