import { formatRupiah } from '@klinikita/domain/common/format';
import { Button, SegmentedControl, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../shared/session/permissions.ts';
import { useWorkingClinic } from '../../../shared/session/working-clinic.ts';
import { type ListColumn, ListPage, useFilterPage } from '../../../shared/ui/list-page.tsx';
import { type ReceiptSummary, type ReturnSummary, useReceipts, useReturns } from '../api/purchasing-api.ts';
import { formatDay, formatQuantity } from '../components/purchasing-format.ts';
import { ReturnForm } from '../components/return-form.tsx';

type Tab = 'receipts' | 'returns';

/**
 * `/ReturnReceive` (Retur Penerimaan): the working clinic's goods receipts, each returnable to its
 * supplier batch by batch, and the returns made, with their note numbers, searched and paged.
 */
export function ReturnReceivePage() {
  const { t } = useTranslation();
  const manage = usePermissions().has('purchasing.manage');
  const { clinic, clinics, setClinicId } = useWorkingClinic();
  const [tab, setTab] = useState<Tab>('receipts');
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [page, setPage] = useFilterPage(JSON.stringify([clinic?.id, search, tab]));
  const [returning, setReturning] = useState<ReceiptSummary | null>(null);
  const query = { clinicId: clinic?.id ?? 0, search: search || undefined, page, limit: 20 };
  const receipts = useReceipts(query);
  const returns = useReturns(query);
  if (!clinic) return null;
  const receiptColumns: ListColumn<ReceiptSummary>[] = [
    {
      key: 'number',
      header: t('purchasing.screen.colReceipt'),
      cell: (r) => (
        <>
          <Text size="sm" fw={500}>
            {r.number}
          </Text>
          {r.orderNumber && (
            <Text size="xs" c="dimmed">
              {r.orderNumber}
            </Text>
          )}
        </>
      ),
    },
    { key: 'date', header: t('purchasing.screen.colDate'), cell: (r) => formatDay(r.receivedDate) },
    { key: 'invoice', header: t('purchasing.screen.colInvoice'), cell: (r) => r.invoiceNumber },
    { key: 'supplier', header: t('purchasing.screen.colSupplier'), cell: (r) => r.supplier.name },
    { key: 'location', header: t('purchasing.screen.colLocation'), cell: (r) => r.location.name },
    {
      key: 'total',
      header: t('purchasing.screen.colTotal'),
      th: { ta: 'right' },
      td: { ta: 'right', style: { whiteSpace: 'nowrap' } },
      cell: (r) => formatRupiah(r.total),
    },
    ...(manage
      ? [
          {
            key: 'return',
            header: '',
            td: { ta: 'right' as const },
            cell: (r: ReceiptSummary) => (
              <Button
                size="compact-xs"
                variant="light"
                color="orange"
                onClick={() => setReturning(r)}
                aria-label={`${t('purchasing.screen.returnAction')} ${r.number}`}
              >
                {t('purchasing.screen.returnAction')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  const returnColumns: ListColumn<ReturnSummary>[] = [
    {
      key: 'number',
      header: t('purchasing.screen.colReturn'),
      cell: (r) => (
        <Text size="sm" fw={500}>
          {r.number}
        </Text>
      ),
    },
    { key: 'date', header: t('purchasing.screen.colDate'), cell: (r) => formatDay(r.returnDate) },
    {
      key: 'receipt',
      header: t('purchasing.screen.colReceipt'),
      cell: (r) => `${r.receiptNumber} · ${r.invoiceNumber}`,
    },
    { key: 'supplier', header: t('purchasing.screen.colSupplier'), cell: (r) => r.supplier.name },
    {
      key: 'items',
      header: t('purchasing.screen.colItems'),
      cell: (r) =>
        r.lines.map((l) => (
          <Text size="xs" key={`${l.itemName}-${l.batchNumber}`}>
            {t('purchasing.screen.returnLine', {
              item: l.itemName,
              batch: l.batchNumber,
              qty: formatQuantity(l.baseQuantity),
              unit: l.baseUnit,
            })}
          </Text>
        )),
    },
    { key: 'reason', header: t('purchasing.screen.colReason'), cell: (r) => r.reason },
    {
      key: 'total',
      header: t('purchasing.screen.colReturnValue'),
      th: { ta: 'right' },
      td: { ta: 'right', style: { whiteSpace: 'nowrap' } },
      cell: (r) => formatRupiah(r.total),
    },
  ];
  const common = {
    title: t('purchasing.screen.titleReturn'),
    subtitle: t('purchasing.screen.subtitleReturn'),
    search: {
      value: searchText,
      onChange: setSearchText,
      placeholder: t('purchasing.screen.searchReceipt'),
      label: t('purchasing.screen.search'),
      basis: '260px',
    },
    filters: (
      <>
        <SegmentedControl
          value={tab}
          onChange={(v) => setTab(v as Tab)}
          data={[
            { value: 'receipts', label: t('purchasing.screen.receiptsTab') },
            { value: 'returns', label: t('purchasing.screen.returnsTab') },
          ]}
        />
        {clinics.length > 1 && (
          <Select
            aria-label={t('purchasing.screen.clinic')}
            data={clinics.map((c) => ({ value: String(c.id), label: c.name }))}
            value={String(clinic.id)}
            onChange={(v) => v && setClinicId(Number(v))}
            allowDeselect={false}
            w={220}
          />
        )}
      </>
    ),
    filtered: Boolean(search),
    emptyLabel: t('purchasing.screen.empty'),
    onClearFilters: () => setSearchText(''),
    onPage: setPage,
  };
  return tab === 'receipts' ? (
    <ListPage
      {...common}
      table={{ label: t('purchasing.screen.receiptsTab'), minWidth: 900 }}
      columns={receiptColumns}
      rowKey={(r) => r.uid}
      query={receipts}
    >
      {returning && <ReturnForm receipt={returning} onClose={() => setReturning(null)} />}
    </ListPage>
  ) : (
    <ListPage
      {...common}
      table={{ label: t('purchasing.screen.returnsTab'), minWidth: 960 }}
      columns={returnColumns}
      rowKey={(r) => r.uid}
      query={returns}
    />
  );
}
