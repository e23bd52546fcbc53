import { BILL_CATEGORIES } from '@klinikita/domain/billing/billing.rules';
import { formatRupiah } from '@klinikita/domain/common/format';
import { Table, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bill, BillLine } from '../api/cashier-api.ts';

const quantityFormat = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 3 });

/** The bill's lines grouped by category (in the catalogue's order), PPN shown when any is charged. */
export function BillLines({ bill }: { bill: Bill }) {
  const { t } = useTranslation();
  const showTax = bill.totals.ppn > 0;
  const groups = BILL_CATEGORIES.map((category) => ({
    category,
    lines: bill.lines.filter((l) => l.category === category),
  })).filter((g) => g.lines.length > 0);
  if (groups.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('cashier.bill.empty')}
      </Text>
    );
  const columns = showTax ? 7 : 6;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing={4} data-testid="bill-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('cashier.bill.columns.item')}</Table.Th>
            <Table.Th ta="right">{t('cashier.bill.columns.qty')}</Table.Th>
            <Table.Th ta="right">{t('cashier.bill.columns.unitPrice')}</Table.Th>
            <Table.Th ta="right">{t('cashier.bill.columns.gross')}</Table.Th>
            <Table.Th ta="right">{t('cashier.bill.columns.discount')}</Table.Th>
            {showTax && <Table.Th ta="right">{t('cashier.bill.columns.ppn')}</Table.Th>}
            <Table.Th ta="right">{t('cashier.bill.columns.net')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((g) => (
            <Fragment key={g.category}>
              <Table.Tr bg="gray.0">
                <Table.Td colSpan={columns}>
                  <Text size="sm" fw={700}>
                    {t(`billing.categories.${g.category}`)}
                  </Text>
                </Table.Td>
              </Table.Tr>
              {g.lines.map((line) => (
                <LineRow key={line.key} line={line} showTax={showTax} />
              ))}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function LineRow({ line, showTax }: { line: BillLine; showTax: boolean }) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid="bill-line">
      <Table.Td>
        <Text size="sm">{line.description}</Text>
        {line.taxCode === 'GOODS_PPN' && (
          <Text size="xs" c="dimmed">
            {t('billing.taxCodes.GOODS_PPN')}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">{quantityFormat.format(line.quantity)}</Table.Td>
      <Table.Td ta="right">{formatRupiah(line.unitPrice)}</Table.Td>
      <Table.Td ta="right">{formatRupiah(line.gross)}</Table.Td>
      <Table.Td ta="right">{line.discount ? `−${formatRupiah(line.discount)}` : '–'}</Table.Td>
      {showTax && <Table.Td ta="right">{line.ppn ? formatRupiah(line.ppn) : '–'}</Table.Td>}
      <Table.Td ta="right">{formatRupiah(line.net)}</Table.Td>
    </Table.Tr>
  );
}

/** Totals, tax, the payer's and the patient's portions, what came in and what is left. */
export function BillTotals({ bill }: { bill: Bill }) {
  const { t } = useTranslation();
  const { totals } = bill;
  const rows: [string, number, boolean?][] = [
    ['gross', totals.gross],
    ...(totals.discount ? [['discount', -totals.discount] as [string, number]] : []),
    ...(totals.ppn > 0
      ? [['dpp', totals.dpp] as [string, number], ['ppn', totals.ppn] as [string, number]]
      : []),
    ['net', totals.net, true],
    ...(totals.payerPortion
      ? [
          ['payerPortion', totals.payerPortion] as [string, number],
          ['patientPortion', totals.patientPortion] as [string, number],
        ]
      : []),
    ['paid', bill.paid],
    ...(bill.receivable ? [['receivable', bill.receivable] as [string, number]] : []),
    ['outstanding', bill.outstanding, true],
  ];
  return (
    <Table w="auto" ml="auto" verticalSpacing={2} data-testid="bill-totals">
      <Table.Tbody>
        {rows.map(([key, amount, strong]) => (
          <Table.Tr key={key}>
            <Table.Td>
              <Text size="sm" fw={strong ? 700 : 400}>
                {t(`cashier.bill.totals.${key}`)}
              </Text>
            </Table.Td>
            <Table.Td ta="right" data-testid={`total-${key}`}>
              <Text size="sm" fw={strong ? 700 : 400}>
                {amount < 0 ? `−${formatRupiah(-amount)}` : formatRupiah(amount)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
