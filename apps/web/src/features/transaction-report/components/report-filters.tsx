import { PAYER_TYPES } from '@klinikita/domain/billing/billing.rules';
import { quickRange, REPORT_STATUSES } from '@klinikita/domain/billing/transaction-report.rules';
import type {
  TransactionFilter,
  TransactionOptions,
} from '@klinikita/domain/billing/transaction-report.schema';
import { Button, Group, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  filter: TransactionFilter;
  onChange: (next: TransactionFilter) => void;
  today: string;
  clinics: readonly { id: number; name: string }[];
  /** Corporate roles may ask for all their clinics at once */
  allClinics: boolean;
  options: TransactionOptions | undefined;
  errorOf: (field: 'from' | 'to') => string | undefined;
}

const ALL = '';
const pick = (v: string | null) => (v ? Number(v) : undefined);

/** The report's filters: date basis, range with quick buttons, clinic, cashier, doctor, payer, status, search. */
export function ReportFilters({ filter, onChange, today, clinics, allClinics, options, errorOf }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<TransactionFilter>) => onChange({ ...filter, ...patch });
  const all = { value: ALL, label: t('transactionReport.screen.all') };
  const named = (list: { id: number; name: string }[] | undefined) => [
    all,
    ...(list ?? []).map((n) => ({ value: String(n.id), label: n.name })),
  ];
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label={t('transactionReport.screen.basis')}
          value={filter.basis}
          onChange={(v) => set({ basis: v as TransactionFilter['basis'] })}
          data={[
            { value: 'service', label: t('transactionReport.screen.basisService') },
            { value: 'payment', label: t('transactionReport.screen.basisPayment') },
          ]}
        />
        <TextInput
          type="date"
          label={t('transactionReport.screen.from')}
          value={filter.from ?? ''}
          error={errorOf('from')}
          onChange={(e) => set({ from: e.currentTarget.value })}
        />
        <TextInput
          type="date"
          label={t('transactionReport.screen.to')}
          value={filter.to ?? ''}
          error={errorOf('to')}
          onChange={(e) => set({ to: e.currentTarget.value })}
        />
        <Group gap={4}>
          {(['today', 'week', 'month'] as const).map((which) => (
            <Button key={which} variant="light" size="sm" onClick={() => set(quickRange(today, which))}>
              {t(`transactionReport.screen.${which}`)}
            </Button>
          ))}
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        {(clinics.length > 1 || allClinics) && (
          <Select
            w={220}
            label={t('transactionReport.screen.clinic')}
            value={filter.clinicId ? String(filter.clinicId) : ALL}
            allowDeselect={false}
            onChange={(v) => set({ clinicId: pick(v) })}
            data={[
              ...(allClinics ? [{ value: ALL, label: t('transactionReport.screen.allClinics') }] : []),
              ...clinics.map((c) => ({ value: String(c.id), label: c.name })),
            ]}
          />
        )}
        <Select
          w={180}
          label={t('transactionReport.screen.cashier')}
          value={filter.cashierId ? String(filter.cashierId) : ALL}
          allowDeselect={false}
          onChange={(v) => set({ cashierId: pick(v) })}
          data={named(options?.cashiers)}
        />
        <Select
          w={200}
          label={t('transactionReport.screen.doctor')}
          value={filter.doctorId ? String(filter.doctorId) : ALL}
          allowDeselect={false}
          onChange={(v) => set({ doctorId: pick(v) })}
          data={named(options?.doctors)}
        />
        <Select
          w={160}
          label={t('transactionReport.screen.payerType')}
          value={filter.payerType ?? ALL}
          allowDeselect={false}
          onChange={(v) => set({ payerType: (v || undefined) as TransactionFilter['payerType'] })}
          data={[all, ...PAYER_TYPES.map((p) => ({ value: p, label: t(`transactionReport.payers.${p}`) }))]}
        />
        <Select
          w={200}
          label={t('transactionReport.screen.company')}
          value={filter.companyId ? String(filter.companyId) : ALL}
          allowDeselect={false}
          onChange={(v) => set({ companyId: pick(v) })}
          data={named(options?.companies)}
        />
        <Select
          w={150}
          label={t('transactionReport.screen.status')}
          value={filter.status ?? ALL}
          allowDeselect={false}
          onChange={(v) => set({ status: (v || undefined) as TransactionFilter['status'] })}
          data={[
            all,
            ...REPORT_STATUSES.map((s) => ({ value: s, label: t(`transactionReport.statuses.${s}`) })),
          ]}
        />
        <TextInput
          w={260}
          label={t('transactionReport.screen.search')}
          placeholder={t('transactionReport.screen.searchPlaceholder')}
          value={filter.q ?? ''}
          onChange={(e) => set({ q: e.currentTarget.value })}
        />
      </Group>
    </Stack>
  );
}
