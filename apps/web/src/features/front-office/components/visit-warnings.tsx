import type { ScheduleWarning } from '@klinikita/domain/services/service-hours.schema';
import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type CheckTarget, useScheduleCheck } from '../api/check-schedule.ts';

/**
 * What the clerk should know before registering the chosen doctor or service now: outside the
 * practice or opening hours, not today, the day's quota reached. A warning only: the form still
 * registers (the server refuses what it must by itself).
 */
export function VisitWarnings({ clinicId, target }: { clinicId: number; target: CheckTarget }) {
  const { t } = useTranslation();
  const check = useScheduleCheck(clinicId, target);
  const warnings = target ? (check.data?.warnings ?? []) : [];
  if (!warnings.length) return null;

  const wording = (w: ScheduleWarning) => {
    const desk = w.params.desk;
    return t(`serviceHours.warnings.${w.code}`, {
      ...w.params,
      ...(desk === undefined ? {} : { desk: t(`serviceHours.desks.${desk}`) }),
    });
  };

  return (
    <Alert
      color="yellow"
      variant="light"
      role="status"
      icon={<IconAlertTriangle size={18} />}
      title={t('serviceHours.warningsTitle')}
      data-testid="visit-warnings"
    >
      <List size="sm" spacing={2}>
        {warnings.map((w) => (
          <List.Item key={w.code}>{wording(w)}</List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed" mt={4}>
        {t('serviceHours.warningsNote')}
      </Text>
    </Alert>
  );
}
