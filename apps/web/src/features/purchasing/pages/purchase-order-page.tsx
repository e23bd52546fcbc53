import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { formatRupiah } from '@klinikita/domain/common/format';
import { PO_STATUSES, type PoStatus } from '@klinikita/domain/purchasing/purchasing.rules';
import { Badge, Button, Select, Text, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../shared/session/permissions.ts';
import { useWorkingClinic } from '../../../shared/session/working-clinic.ts';
import { type ListColumn, ListPage, useFilterPage } from '../../../shared/ui/list-page.tsx';
import { type OrderDetail, type OrderSummary, useOrders } from '../api/purchasing-api.ts';
import { DirectReceiveForm } from '../components/direct-receive-form.tsx';
import { OrderDetailModal } from '../components/order-detail.tsx';
import { OrderForm } from '../components/order-form.tsx';
import { formatDay, STATUS_COLORS } from '../components/purchasing-format.ts';
import { ReceiveForm } from '../components/receive-form.tsx';

type Open =
  | { kind: 'detail'; uid: string }
  | { kind: 'new' }
  | { kind: 'edit'; order: OrderDetail }
  | { kind: 'receive'; order: OrderDetail }
  | { kind: 'direct' }
  | null;

/**
 * `/purchaseOrder`: the working clinic's purchase orders by status, searched and paged; a new
 * draft; an order opened shows its lines and receipts, and is ordered, received (partly or
 * wholly, against the supplier's invoice), cancelled or its rest closed.
 */
export function PurchaseOrderPage() {
  const { t } = useTranslation();
  const manage = usePermissions().has('purchasing.manage');
  const { clinic, clinics, setClinicId } = useWorkingClinic();
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [status, setStatus] = useState<PoStatus | null>(null);
  const [page, setPage] = useFilterPage(JSON.stringify([clinic?.id, search, status]));
  const [open, setOpen] = useState<Open>(null);
  const query = useOrders({
    clinicId: clinic?.id ?? 0,
    status: status ?? undefined,
    search: search || undefined,
    page,
    limit: 20,
  });
  if (!clinic) return null;
  const columns: ListColumn<OrderSummary>[] = [
    {
      key: 'number',
      header: t('purchasing.screen.colNumber'),
      cell: (o) => (
        <UnstyledButton
          onClick={() => setOpen({ kind: 'detail', uid: o.uid })}
          aria-label={t('purchasing.screen.open', { number: o.number })}
        >
          <Text size="sm" fw={500} c="blue">
            {o.number}
          </Text>
        </UnstyledButton>
      ),
    },
    { key: 'date', header: t('purchasing.screen.colDate'), cell: (o) => formatDay(o.orderDate) },
    { key: 'supplier', header: t('purchasing.screen.colSupplier'), cell: (o) => o.supplier.name },
    { key: 'location', header: t('purchasing.screen.colLocation'), cell: (o) => o.location.name },
    {
      key: 'total',
      header: t('purchasing.screen.colTotal'),
      th: { ta: 'right' },
      td: { ta: 'right', style: { whiteSpace: 'nowrap' } },
      cell: (o) => formatRupiah(o.total),
    },
    {
      key: 'status',
      header: t('purchasing.screen.colStatus'),
      cell: (o) => (
        <Badge color={STATUS_COLORS[o.status]} variant="light">
          {t(`purchasing.screen.orderStatus.${o.status}`)}
        </Badge>
      ),
    },
  ];
  return (
    <ListPage
      title={t('purchasing.screen.titleOrder')}
      subtitle={t('purchasing.screen.subtitleOrder')}
      search={{
        value: searchText,
        onChange: setSearchText,
        placeholder: t('purchasing.screen.searchOrder'),
        label: t('purchasing.screen.search'),
        basis: '240px',
      }}
      filters={
        <>
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
          <Select
            aria-label={t('purchasing.screen.status')}
            placeholder={t('purchasing.screen.allStatuses')}
            data={PO_STATUSES.map((s) => ({ value: s, label: t(`purchasing.screen.orderStatus.${s}`) }))}
            value={status}
            onChange={(v) => setStatus((v as PoStatus) ?? null)}
            clearable
            w={200}
          />
          {manage && (
            <Button variant="default" onClick={() => setOpen({ kind: 'direct' })}>
              {t('purchasing.screen.directReceive')}
            </Button>
          )}
        </>
      }
      add={
        manage ? { label: t('purchasing.screen.newOrder'), onClick: () => setOpen({ kind: 'new' }) } : null
      }
      table={{ label: t('purchasing.screen.titleOrder'), minWidth: 820 }}
      columns={columns}
      rowKey={(o) => o.uid}
      query={query}
      filtered={Boolean(search) || status !== null}
      emptyLabel={t('purchasing.screen.empty')}
      onClearFilters={() => {
        setSearchText('');
        setStatus(null);
      }}
      onPage={setPage}
    >
      {open?.kind === 'detail' && (
        <OrderDetailModal
          uid={open.uid}
          manage={manage}
          onClose={() => setOpen(null)}
          onEdit={(order) => setOpen({ kind: 'edit', order })}
          onReceive={(order) => setOpen({ kind: 'receive', order })}
        />
      )}
      {(open?.kind === 'new' || open?.kind === 'edit') && (
        <OrderForm
          clinicId={clinic.id}
          order={open.kind === 'edit' ? open.order : null}
          onClose={() => setOpen(null)}
          onSaved={(uid) => setOpen({ kind: 'detail', uid })}
        />
      )}
      {open?.kind === 'direct' && (
        <DirectReceiveForm
          clinicId={clinic.id}
          today={clinicDay(clinic.timeZone)}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'receive' && (
        <ReceiveForm
          order={open.order}
          today={clinicDay(clinic.timeZone)}
          onClose={() => setOpen({ kind: 'detail', uid: open.order.uid })}
        />
      )}
    </ListPage>
  );
}
