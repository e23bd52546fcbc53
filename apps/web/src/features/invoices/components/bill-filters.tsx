import { BILL_LIST_STATUSES, type BillListStatus } from '@klinikita/domain/billing/bill-list.rules';
import { PAYER_TYPES, type PayerType } from '@klinikita/domain/billing/billing.rules';
import { Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface BillFilter {
  from: string;
  to: string;
  /** One of the user's clinics; undefined: all of them */
  clinicId?: number;
  status?: BillListStatus;
  payerType?: PayerType;
}

const ALL = '';

/** The list's filters beside its search: service days, clinic (users of several), status, payer type. */
export function BillFilters({
  filter,
  onChange,
  clinics,
  errorOf,
}: {
  filter: BillFilter;
  onChange: (next: BillFilter) => void;
  clinics: readonly { id: number; name: string }[];
  errorOf: (field: 'from' | 'to') => string | undefined;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<BillFilter>) => onChange({ ...filter, ...patch });
  const all = { value: ALL, label: t('invoiceList.screen.all') };
  return (
    <>
      <TextInput
        w={150}
        type="date"
        label={t('invoiceList.screen.from')}
        value={filter.from}
        error={errorOf('from')}
        onChange={(e) => set({ from: e.currentTarget.value })}
      />
      <TextInput
        w={150}
        type="date"
        label={t('invoiceList.screen.to')}
        value={filter.to}
        error={errorOf('to')}
        onChange={(e) => set({ to: e.currentTarget.value })}
      />
      {clinics.length > 1 && (
        <Select
          w={200}
          label={t('invoiceList.screen.clinic')}
          value={filter.clinicId ? String(filter.clinicId) : ALL}
          allowDeselect={false}
          onChange={(v) => set({ clinicId: v ? Number(v) : undefined })}
          data={[
            { value: ALL, label: t('invoiceList.screen.allClinics') },
            ...clinics.map((c) => ({ value: String(c.id), label: c.name })),
          ]}
        />
      )}
      <Select
        w={160}
        label={t('invoiceList.screen.status')}
        value={filter.status ?? ALL}
        allowDeselect={false}
        onChange={(v) => set({ status: (v || undefined) as BillListStatus | undefined })}
        data={[all, ...BILL_LIST_STATUSES.map((s) => ({ value: s, label: t(`invoiceList.statuses.${s}`) }))]}
      />
      <Select
        w={160}
        label={t('invoiceList.screen.payerType')}
        value={filter.payerType ?? ALL}
        allowDeselect={false}
        onChange={(v) => set({ payerType: (v || undefined) as PayerType | undefined })}
        data={[all, ...PAYER_TYPES.map((p) => ({ value: p, label: t(`invoiceList.payers.${p}`) }))]}
      />
    </>
  );
}
