import { BILL_LIST_DEFAULT_DAYS, BILL_LIST_PAGE_SIZE } from '@klinikita/domain/billing/bill-list.rules';
import { billListQuerySchema } from '@klinikita/domain/billing/bill-list.schema';
import { addDays, clinicDay } from '@klinikita/domain/common/clinic-day';
import { toDDMMYYYY } from '@klinikita/domain/common/dates';
import { formatRupiah } from '@klinikita/domain/common/format';
import { Badge, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useWorkingClinic } from '../../../shared/session/working-clinic.ts';
import { type ListColumn, ListPage, useFilterPage } from '../../../shared/ui/list-page.tsx';
import { type BillListRow, useBillList } from '../api/bill-list-api.ts';
import { type BillFilter, BillFilters } from '../components/bill-filters.tsx';
import { BillRowActions } from '../components/bill-row-actions.tsx';

const money = { td: { ta: 'right' as const, style: { whiteSpace: 'nowrap' as const } } };
const sticky = {
  position: 'sticky' as const,
  right: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: '-6px 0 6px -6px rgba(0, 0, 0, 0.15)',
};

/**
 * `/Registration/invoice` (issue 18 §3): the posted bills of the user's clinics, newest first —
 * search by invoice or receipt number, patient or record number; filter by service days, clinic,
 * status and payer type — with "Rincian" and "Kuitansi" opening the shell's document modals.
 */
export function InvoiceListPage() {
  const { t } = useTranslation();
  const { clinic, clinics } = useWorkingClinic();
  const today = clinicDay(clinic?.timeZone ?? 'Asia/Jakarta');
  const initial = (): BillFilter => ({
    from: addDays(today, -(BILL_LIST_DEFAULT_DAYS - 1)),
    to: today,
    clinicId: clinic?.id,
  });
  const [filter, setFilter] = useState<BillFilter>(initial);
  const [searchText, setSearchText] = useState('');
  const [q] = useDebouncedValue(searchText.trim(), 300);
  const [page, setPage] = useFilterPage(JSON.stringify({ ...filter, q }));
  const query = {
    ...filter,
    from: filter.from || undefined,
    to: filter.to || undefined,
    q: q || undefined,
    page,
    limit: BILL_LIST_PAGE_SIZE,
  };
  const parsed = billListQuerySchema.safeParse(query);
  const list = useBillList(query, parsed.success);
  const serverFields = list.error instanceof ApiError ? toFieldErrors(list.error.errors) : {};
  const errors = parsed.success ? serverFields : toFieldErrors(parsed.error.issues);
  const errorOf = (field: 'from' | 'to') => (errors[field] ? translateMessage(errors[field]) : undefined);

  const columns: ListColumn<BillListRow>[] = [
    {
      key: 'number',
      header: `${t('invoiceList.columns.invoiceNumber')} / ${t('invoiceList.columns.serviceDay')}`,
      td: { style: { whiteSpace: 'nowrap' } },
      cell: (r) => (
        <Stack gap={0}>
          <TwoLines first={r.invoiceNumber} second={toDDMMYYYY(r.serviceDay) ?? ''} />
          <ReceiptNumbers row={r} />
        </Stack>
      ),
    },
    {
      key: 'patient',
      header: `${t('invoiceList.columns.patient')} / ${t('invoiceList.columns.mrn')}`,
      cell: (r) => <TwoLines first={r.patientName} second={r.mrn} />,
    },
    { key: 'doctor', header: t('invoiceList.columns.doctor'), cell: (r) => r.doctorName ?? '–' },
    {
      key: 'payer',
      header: t('invoiceList.columns.payer'),
      cell: (r) => r.payerName ?? t(`invoiceList.payers.${r.payerType}`),
    },
    { key: 'total', header: t('invoiceList.columns.total'), ...money, cell: (r) => formatRupiah(r.total) },
    { key: 'paid', header: t('invoiceList.columns.paid'), ...money, cell: (r) => formatRupiah(r.paid) },
    {
      key: 'receivable',
      header: t('invoiceList.columns.receivable'),
      ...money,
      cell: (r) => formatRupiah(r.receivable),
    },
    {
      key: 'status',
      header: t('invoiceList.columns.status'),
      td: { miw: 110 },
      cell: (r) => <StatusCell row={r} />,
    },
    {
      key: 'actions',
      header: t('invoiceList.columns.actions'),
      // kept in view at the right edge while the wide table scrolls sideways
      th: { ta: 'right', style: sticky },
      td: { style: sticky },
      cell: (r) => <BillRowActions row={r} />,
    },
  ];

  return (
    <ListPage
      title={t('invoiceList.screen.title')}
      subtitle={t('invoiceList.screen.subtitle')}
      search={{
        value: searchText,
        onChange: setSearchText,
        placeholder: t('invoiceList.screen.search'),
        label: t('invoiceList.screen.search'),
        basis: '280px',
      }}
      filters={<BillFilters filter={filter} onChange={setFilter} clinics={clinics} errorOf={errorOf} />}
      table={{ label: t('invoiceList.screen.table'), minWidth: 1000 }}
      columns={columns}
      rowKey={(r) => r.billUid}
      query={list}
      filtered={Boolean(q || filter.status || filter.payerType)}
      emptyLabel={t('invoiceList.screen.empty')}
      onClearFilters={() => {
        setSearchText('');
        setFilter(initial());
      }}
      onPage={setPage}
    />
  );
}

/** A cell's main text with a second, dimmed line (the day under the number, the record under the name). */
function TwoLines({ first, second }: { first: string; second: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{first}</Text>
      <Text size="xs" c="dimmed">
        {second}
      </Text>
    </Stack>
  );
}

function StatusCell({ row }: { row: BillListRow }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} align="flex-start">
      <Badge size="sm" variant="light" color={row.status === 'paid' ? 'teal' : 'orange'}>
        {t(`invoiceList.statuses.${row.status}`)}
      </Badge>
      {row.hasReversal && (
        <Badge size="sm" variant="light" color="gray">
          {t('invoiceList.statuses.reversed')}
        </Badge>
      )}
    </Stack>
  );
}

function ReceiptNumbers({ row }: { row: BillListRow }) {
  const { t } = useTranslation();
  if (!row.receipts.length) return null;
  return (
    <Stack gap={0}>
      {row.receipts.map((r) => (
        <Text
          key={r.paymentUid}
          size="xs"
          c={r.reversed ? 'dimmed' : 'teal.8'}
          td={r.reversed ? 'line-through' : undefined}
          title={r.reversed ? t('invoiceList.actions.reversed') : undefined}
          style={{ whiteSpace: 'nowrap' }}
        >
          {r.number}
        </Text>
      ))}
    </Stack>
  );
}
