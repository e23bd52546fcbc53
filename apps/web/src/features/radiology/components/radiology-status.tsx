import type { RadReportStatus, RadWorkStatus } from '@klinikita/domain/radiology/radiology.schema';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<RadWorkStatus | RadReportStatus, string> = {
  none: 'gray',
  draft: 'yellow',
  signed: 'blue',
  replaced: 'gray',
};

/** A report's status in words (Indonesian by default), blue once signed like the `radDone` legend. */
export function RadiologyStatusBadge({
  status,
  size = 'sm',
}: {
  status: RadWorkStatus | RadReportStatus;
  size?: 'sm' | 'md' | 'lg';
}) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant={status === 'signed' ? 'filled' : 'light'} size={size}>
      {t(`radiology.status.${status}`)}
    </Badge>
  );
}
