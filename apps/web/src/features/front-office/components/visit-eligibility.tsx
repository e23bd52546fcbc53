import { formatRupiah } from '@klinikita/domain/common/format';
import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isInsured } from './visit-form-values.ts';

const COLOURS = { eligible: 'teal', not_eligible: 'red', pending: 'yellow', none: 'gray' } as const;

/**
 * Who pays an insurance or BPJS visit and whether its eligibility was checked: the insurer (of the
 * master, else the old free-text name) and a badge "Eligibilitas: terverifikasi / belum dicek…",
 * with the plafon covered when given. Nothing for a cash or company visit.
 */
export function VisitEligibility({
  registration: r,
  compact,
}: {
  registration: Pick<Registration, 'payerType' | 'insurer' | 'insuranceName' | 'eligibility'>;
  /** One line in a list row: the insurer's name and the state in a word (the full text its title). */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  if (!isInsured(r.payerType)) return null;
  const state = r.eligibility?.status ?? 'none';
  const name = r.insurer?.name ?? r.insuranceName;
  const covered = r.eligibility?.coveredAmount;
  return (
    <Group
      gap={6}
      justify={compact ? 'flex-start' : 'center'}
      wrap={compact ? 'nowrap' : 'wrap'}
      data-testid="visit-eligibility"
      style={{ minWidth: 0 }}
    >
      {name && (
        <Text size="xs" fw={600} truncate title={name} style={{ minWidth: 0, flexShrink: 1 }}>
          {name}
        </Text>
      )}
      <Badge
        size="xs"
        variant="light"
        color={COLOURS[state]}
        radius="sm"
        tt="none"
        style={{ flexShrink: 0 }}
        title={t(`frontOffice.eligibility.badge.${state}`)}
      >
        {t(compact ? `frontOffice.eligibility.short.${state}` : `frontOffice.eligibility.badge.${state}`)}
      </Badge>
      {!compact && r.eligibility?.reference && (
        <Text size="xs" c="dimmed">
          {r.eligibility.reference}
        </Text>
      )}
      {!compact && covered != null && (
        <Text size="xs" c="dimmed">
          {t('frontOffice.eligibility.covered', { amount: formatRupiah(covered) })}
        </Text>
      )}
    </Group>
  );
}
