import {
  REGISTRATION_STATUSES,
  type RegistrationStatus,
} from '@klinikita/domain/registrations/registration.rules';
import { Chip, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS } from '../../../shared/registrations/status-badge.tsx';
import type { StatusCounts } from '../api/get-status-counts.ts';

const ALL = 'all';
// ten chips in one row at 1366 px
const CHIP_STYLES = { label: { paddingInline: 8 } };

/** One chip per status with its count; one status at a time, or all. */
export function StatusFilter({
  value,
  counts,
  onChange,
}: {
  value: RegistrationStatus | null;
  counts: StatusCounts;
  onChange: (status: RegistrationStatus | null) => void;
}) {
  const { t } = useTranslation();
  const known = Object.values(counts);
  const total = known.length === REGISTRATION_STATUSES.length ? known.reduce((a, b) => a + b, 0) : undefined;
  const count = (n: number | undefined) => (
    <>
      {' '}
      <Text span size="xs" fw={700} ml={2} c={n ? undefined : 'dimmed'}>
        {n ?? '…'}
      </Text>
    </>
  );
  return (
    <Chip.Group
      multiple={false}
      value={value ?? ALL}
      onChange={(v) => onChange(v === ALL ? null : (v as RegistrationStatus))}
    >
      <Group gap={4} role="radiogroup" aria-label={t('queueBoard.statusFilter')}>
        <Chip value={ALL} size="xs" radius="sm" variant="outline" styles={CHIP_STYLES}>
          {t('queueBoard.all')}
          {count(total)}
        </Chip>
        {REGISTRATION_STATUSES.map((status) => (
          <Chip
            key={status}
            value={status}
            size="xs"
            radius="sm"
            variant="outline"
            styles={CHIP_STYLES}
            color={STATUS_COLORS[status]}
          >
            {t(`registrations.statuses.${status}`)}
            {count(counts[status])}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
