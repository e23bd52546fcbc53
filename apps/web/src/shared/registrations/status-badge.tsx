import type { RegistrationStatus } from '@klinikita/domain/registrations/registration.rules';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** One colour per status, from "still waiting" (warm) through care (blue) to paid (green). */
export const STATUS_COLORS: Readonly<Record<RegistrationStatus, string>> = {
  Waiting: 'yellow',
  Queueing: 'orange',
  Skip: 'gray',
  Examination: 'blue',
  'Exam Done': 'cyan',
  'Prescription Waiting': 'grape',
  Payment: 'violet',
  Paid: 'green',
  Cancelled: 'red',
};

/** A registration's status as every queue screen shows it: the same word and colour everywhere. */
export function StatusBadge({
  status,
  size = 'sm',
}: {
  status: RegistrationStatus;
  size?: 'xs' | 'sm' | 'md';
}) {
  const { t } = useTranslation();
  return (
    <Badge
      size={size}
      color={STATUS_COLORS[status]}
      variant="light"
      radius="sm"
      style={{ whiteSpace: 'nowrap', textTransform: 'none', flexShrink: 0 }}
    >
      {t(`registrations.statuses.${status}`)}
    </Badge>
  );
}
