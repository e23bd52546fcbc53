import type { Patient } from '@klinikita/domain/patients/patient.schema';
import { Button, Group, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useCheckPatientIhs } from '../../../shared/patients/patients-api.ts';
import { showActionFailure } from '../../../shared/ui/list-page.tsx';

/**
 * The patient's SATUSEHAT identity: the IHS number, or that there is none yet and why (without
 * it the visits are not sent to the platform); for those who may change the patient, "Periksa
 * ulang IHS" looks it up again by NIK (a stored number may be wrong, e.g. mistyped by an import).
 */
export function IhsStatus({ patient }: { patient: Patient & { mayChange?: boolean } }) {
  const { t } = useTranslation();
  // the server's `mayChange`: patient.write and the patient within the caller's change scope
  const mayCheck = patient.mayChange === true;
  const text = patient.ihsNumber ? (
    <Text c="dimmed" size="sm" data-testid="ihs-status">
      {t('patients.web.ihsNumber', { ihs: patient.ihsNumber })}
    </Text>
  ) : (
    <Text c={patient.ihsMissingReason ? 'orange.8' : 'dimmed'} size="sm" data-testid="ihs-status">
      {t('patients.web.ihsMissing')}:{' '}
      {patient.ihsMissingReason
        ? t(`patients.web.ihsReason${patient.ihsMissingReason}`)
        : t('patients.web.ihsNotChecked')}
    </Text>
  );
  if (!mayCheck) return text;
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      {text}
      <IhsCheckButton uid={patient.uid} />
    </Group>
  );
}

function IhsCheckButton({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const check = useCheckPatientIhs();
  const onCheck = () =>
    check.mutate(
      { params: { uid } },
      {
        onSuccess: (res) =>
          notifications.show({
            color: res.data?.ihsNumber ? 'teal' : 'orange',
            message: translateMessage(res.message),
          }),
        onError: showActionFailure,
      },
    );
  return (
    <Tooltip label={t('patients.web.ihsCheckHint')} withArrow>
      <Button size="compact-xs" variant="light" onClick={onCheck} loading={check.isPending}>
        {t('patients.web.ihsCheck')}
      </Button>
    </Tooltip>
  );
}
