import type { LabFlag } from '@klinikita/domain/lab/lab-catalogue.rules';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<LabFlag, string> = {
  N: 'gray',
  H: 'orange',
  L: 'orange',
  HH: 'red',
  LL: 'red',
  A: 'grape',
};

/** A result's flag: H/L orange, HH/LL red "Kritis", A abnormal; nothing for a normal value. */
export function LabFlagBadge({ flag }: { flag: LabFlag | null | undefined }) {
  const { t } = useTranslation();
  if (!flag || flag === 'N') return null;
  const arrow = flag === 'HH' ? ' ↑' : flag === 'LL' ? ' ↓' : '';
  return (
    <Badge
      size="sm"
      radius="sm"
      variant={flag === 'HH' || flag === 'LL' ? 'filled' : 'light'}
      color={COLORS[flag]}
      title={t(`labResults.flagTitle.${flag}`)}
    >
      {t(`labResults.flag.${flag}`)}
      {arrow}
    </Badge>
  );
}
