import {
  PAYER_INVOICE_STATUSES,
  type PayerInvoiceStatus,
} from '@klinikita/domain/billing/payer-invoices.rules';
import { formatRupiah } from '@klinikita/domain/common/format';
import { Anchor, Badge, Group, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListPage, useFilterPage } from '../../../shared/ui/list-page.tsx';
import { type PayerInvoiceSummary, usePayerInvoices, usePayers } from '../api/payer-invoices-api.ts';
import { CreateInvoiceDialog } from './create-invoice-dialog.tsx';
import { StatusBadge, shortDay } from './invoice-format.tsx';

/** The clinic's invoices to payers: search by number, filter by status and payer, paged; "Buat tagihan". */
export function InvoiceList({
  clinicId,
  today,
  onOpen,
}: {
  clinicId: number;
  today: string;
  onOpen: (uid: string) => void;
}) {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [status, setStatus] = useState<PayerInvoiceStatus | null>(null);
  const [payer, setPayer] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [page, setPage] = useFilterPage(`${search}|${status}|${payer}`);
  const query = usePayerInvoices({
    clinicId,
    page,
    search: search || undefined,
    status: status ?? undefined,
    payer: payer ?? undefined,
  });
  const payers = usePayers(clinicId);
  const payerOptions = useMemo(() => {
    const names = new Map<string, string>();
    for (const p of payers.data ?? []) names.set(p.payer, p.payerName);
    for (const d of query.data?.docs ?? []) names.set(d.payer, d.payerName);
    return [...names].map(([value, label]) => ({ value, label }));
  }, [payers.data, query.data]);

  const columns: ListColumn<PayerInvoiceSummary>[] = [
    {
      key: 'number',
      header: t('payerInvoices.web.number'),
      cell: (r) => (
        <Anchor component="button" type="button" size="sm" onClick={() => onOpen(r.uid)}>
          {r.number}
        </Anchor>
      ),
    },
    {
      key: 'payer',
      header: t('payerInvoices.web.payer'),
      cell: (r) => (
        <Group gap={6} wrap="nowrap">
          {r.payerName}
          {r.payerKind === 'insurer' && (
            <Badge size="xs" variant="outline" color="grape">
              {t('payerInvoices.claims.web.claim')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'period',
      header: t('payerInvoices.web.period'),
      cell: (r) => `${shortDay(r.periodFrom)} – ${shortDay(r.periodTo)}`,
    },
    { key: 'issue', header: t('payerInvoices.web.issueDate'), cell: (r) => shortDay(r.issueDate) },
    { key: 'due', header: t('payerInvoices.web.dueDate'), cell: (r) => shortDay(r.dueDate) },
    {
      key: 'total',
      header: t('payerInvoices.web.total'),
      td: { ta: 'right' },
      cell: (r) => formatRupiah(r.total),
    },
    {
      key: 'open',
      header: t('payerInvoices.web.open'),
      td: { ta: 'right' },
      cell: (r) => formatRupiah(r.open),
    },
    { key: 'status', header: t('payerInvoices.web.status'), cell: (r) => <StatusBadge status={r.status} /> },
  ];

  return (
    <ListPage
      title={t('payerInvoices.web.tabInvoices')}
      subtitle={t('payerInvoices.web.listSubtitle')}
      search={{
        value: searchText,
        onChange: setSearchText,
        placeholder: t('payerInvoices.web.search'),
        label: t('payerInvoices.web.search'),
        basis: '220px',
      }}
      filters={
        <>
          <Select
            w={180}
            aria-label={t('payerInvoices.web.status')}
            placeholder={t('payerInvoices.web.allStatuses')}
            clearable
            data={PAYER_INVOICE_STATUSES.map((s) => ({ value: s, label: t(`payerInvoices.statuses.${s}`) }))}
            value={status}
            onChange={(v) => setStatus(v as PayerInvoiceStatus | null)}
          />
          <Select
            w={220}
            aria-label={t('payerInvoices.web.payer')}
            placeholder={t('payerInvoices.web.allPayers')}
            clearable
            searchable
            data={payerOptions}
            value={payer}
            onChange={setPayer}
          />
        </>
      }
      add={{ label: t('payerInvoices.web.create'), onClick: () => setCreating(true) }}
      table={{ label: t('payerInvoices.web.tabInvoices'), minWidth: 900 }}
      columns={columns}
      rowKey={(r) => r.uid}
      query={query}
      filtered={Boolean(search || status || payer)}
      emptyLabel={t('payerInvoices.web.empty')}
      onClearFilters={() => {
        setSearchText('');
        setStatus(null);
        setPayer(null);
      }}
      onPage={setPage}
    >
      {creating && (
        <CreateInvoiceDialog
          clinicId={clinicId}
          today={today}
          onClose={() => setCreating(false)}
          onCreated={(uid) => {
            setCreating(false);
            onOpen(uid);
          }}
        />
      )}
    </ListPage>
  );
}
