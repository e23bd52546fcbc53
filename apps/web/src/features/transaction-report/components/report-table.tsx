import { REPORT_CATEGORIES, REPORT_METHODS } from '@klinikita/domain/billing/transaction-report.rules';
import type {
  TransactionAmounts,
  TransactionRow,
  TransactionTotals,
} from '@klinikita/domain/billing/transaction-report.schema';
import { formatRupiah } from '@klinikita/domain/common/format';
import { Badge, ScrollArea, Table } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR = { LUNAS: 'teal', BELUM_LUNAS: 'orange', DIBATALKAN: 'gray' } as const;

/** The first two columns stay in view while the money columns scroll. */
const sticky = (left: number, width: number): CSSProperties => ({
  position: 'sticky',
  left,
  minWidth: width,
  maxWidth: width,
  background: 'var(--mantine-color-body)',
  zIndex: 1,
});
const FIRST = sticky(0, 140);
const SECOND = sticky(140, 170);

const MoneyCell = ({ value }: { value: number }) => (
  <Table.Td style={{ textAlign: 'right' }}>{formatRupiah(value)}</Table.Td>
);

/** Categories, gross to net, the methods and what is outstanding: a row's or the totals'. */
function AmountCells({ a }: { a: TransactionAmounts }) {
  const values = [
    ...REPORT_CATEGORIES.map((c) => [`c-${c}`, a.categories[c]] as const),
    ...(['gross', 'discount', 'dpp', 'ppn', 'net'] as const).map((k) => [k, a[k]] as const),
    ...REPORT_METHODS.map((m) => [`m-${m}`, a.methods[m]] as const),
    ['outstanding', a.outstanding] as const,
  ];
  return (
    <>
      {values.map(([key, value]) => (
        <MoneyCell key={key} value={value} />
      ))}
    </>
  );
}

/** The report's page: one row per bill, scrolling sideways, and the totals of the whole set below. */
export function ReportTable({ rows, totals }: { rows: TransactionRow[]; totals: TransactionTotals }) {
  const { t } = useTranslation();
  const col = (key: string) => t(`transactionReport.columns.${key}`);
  const heads = [
    ...['clinicName', 'doctorName', 'payer'].map(col),
    ...REPORT_CATEGORIES.map((c) => t(`transactionReport.categories.${c}`)),
    ...['gross', 'discount', 'dpp', 'ppn', 'net'].map(col),
    ...REPORT_METHODS.map((m) => t(`transactionReport.methods.${m}`)),
    col('outstanding'),
    col('cashiers'),
    col('status'),
  ];
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Table
        striped
        withTableBorder
        aria-label={t('transactionReport.screen.title')}
        style={{ whiteSpace: 'nowrap' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={FIRST}>{col('postedAt')}</Table.Th>
            <Table.Th style={SECOND}>{col('invoiceNumber')}</Table.Th>
            <Table.Th>{col('receiptNumbers')}</Table.Th>
            <Table.Th>{col('mrn')}</Table.Th>
            <Table.Th>{col('patientName')}</Table.Th>
            {heads.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.billUid}>
              <Table.Td style={FIRST}>{r.postedLocal}</Table.Td>
              <Table.Td style={SECOND}>{r.invoiceNumber}</Table.Td>
              <Table.Td>{r.receiptNumbers.join(', ')}</Table.Td>
              <Table.Td>{r.mrn}</Table.Td>
              <Table.Td>{r.patientName}</Table.Td>
              <Table.Td>{r.clinicName}</Table.Td>
              <Table.Td>{r.doctorName ?? ''}</Table.Td>
              <Table.Td>
                {[t(`transactionReport.payers.${r.payerType}`), r.payerName].filter(Boolean).join(' – ')}
              </Table.Td>
              <AmountCells a={r} />
              <Table.Td>{r.cashiers.join(', ')}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOR[r.status]} variant="light">
                  {t(`transactionReport.statuses.${r.status}`)}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr style={{ fontWeight: 700 }}>
            <Table.Td style={FIRST} colSpan={1}>
              {t('transactionReport.screen.totals', { count: totals.bills })}
            </Table.Td>
            <Table.Td style={SECOND} />
            <Table.Td colSpan={6} />
            <AmountCells a={totals} />
            <Table.Td colSpan={2} />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollArea>
  );
}
