import { toDDMMYYYY } from '@klinikita/domain/common/dates';
import { formatRupiah } from '@klinikita/domain/common/format';
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TableState } from '../../../shared/ui/paged-table.tsx';
import { usePortalInvoices } from '../api/mcu-portal-api.ts';

const STATUS_COLOR: Record<string, string> = {
  SENT: 'blue',
  PARTIALLY_PAID: 'yellow',
  PAID: 'teal',
  DISPUTED: 'red',
  WRITTEN_OFF: 'gray',
};

/** The invoices issued to the company: number, period, dates, status and amounts. */
export function InvoicesTable() {
  const { t } = useTranslation();
  const result = usePortalInvoices();
  const invoices = result.data?.invoices ?? [];
  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('mcuPortal.screen.invoiceNumber')}</Table.Th>
              <Table.Th>{t('mcuPortal.screen.period')}</Table.Th>
              <Table.Th>{t('mcuPortal.screen.issueDate')}</Table.Th>
              <Table.Th>{t('mcuPortal.screen.dueDate')}</Table.Th>
              <Table.Th>{t('mcuPortal.screen.status')}</Table.Th>
              <Table.Th ta="right">{t('mcuPortal.screen.total')}</Table.Th>
              <Table.Th ta="right">{t('mcuPortal.screen.paid')}</Table.Th>
              <Table.Th ta="right">{t('mcuPortal.screen.openAmount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <TableState
              columns={8}
              loading={result.isPending}
              failed={result.isError}
              empty={!invoices.length}
              filtered={false}
              emptyLabel={t('mcuPortal.screen.noInvoices')}
              onClearFilters={() => {}}
            />
            {invoices.map((i) => (
              <Table.Tr key={i.uid}>
                <Table.Td>{i.number}</Table.Td>
                <Table.Td>
                  {toDDMMYYYY(i.periodFrom)} – {toDDMMYYYY(i.periodTo)}
                </Table.Td>
                <Table.Td>{toDDMMYYYY(i.issueDate)}</Table.Td>
                <Table.Td>{toDDMMYYYY(i.dueDate)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={STATUS_COLOR[i.status]}>
                    {t(`mcuPortal.screen.invoiceStatus.${i.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">{formatRupiah(i.total)}</Table.Td>
                <Table.Td ta="right">{formatRupiah(i.paid)}</Table.Td>
                <Table.Td ta="right">{formatRupiah(i.open)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {invoices.length > 0 && (
        <Text size="sm" fw={600} ta="right">
          {t('mcuPortal.screen.openTotal', { amount: formatRupiah(result.data?.open ?? 0) })}
        </Text>
      )}
    </>
  );
}
