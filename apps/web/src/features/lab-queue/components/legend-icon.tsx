import { IconCircleCheckFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type LegendKind = 'examDone' | 'radDone' | 'samplingDone';

/** Spec 2.7's legend: green check examination done, blue radiology done, amber sampling done. */
export const LEGEND_COLORS: Record<LegendKind, string> = {
  examDone: 'green',
  radDone: 'blue',
  samplingDone: 'yellow',
};

const SHADE: Record<LegendKind, number> = { examDone: 6, radDone: 6, samplingDone: 7 };

export function LegendIcon({ kind, size = 16 }: { kind: LegendKind; size?: number }) {
  const { t } = useTranslation();
  const label = t(`labQueue.${kind}`);
  return (
    <IconCircleCheckFilled
      size={size}
      role="img"
      aria-label={label}
      data-legend={kind}
      title={label}
      style={{ color: `var(--mantine-color-${LEGEND_COLORS[kind]}-${SHADE[kind]})`, flex: 'none' }}
    />
  );
}
