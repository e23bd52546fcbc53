import { AGING_BUCKETS } from '@klinikita/domain/billing/payer-invoices.rules';
import { formatRupiah } from '@klinikita/domain/common/format';
import { Card, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAging } from '../api/payer-invoices-api.ts';

const COLUMNS = ['notInvoiced', ...AGING_BUCKETS, 'total'] as const;

/** "Umur piutang": what each payer owes on a day, by days past due, with what is not invoiced yet. */
export function AgingTable({ clinicId, today }: { clinicId: number; today: string }) {
  const { t } = useTranslation();
  const [asOf, setAsOf] = useState(today);
  const query = useAging(clinicId, asOf || today);
  const data = query.data;
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group>
          <TextInput
            type="date"
            label={t('payerInvoices.web.asOf')}
            value={asOf}
            onChange={(e) => setAsOf(e.currentTarget.value)}
          />
          {query.isFetching && <Loader size="xs" />}
        </Group>
        <Table.ScrollContainer minWidth={900}>
          <Table striped data-testid="aging-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('payerInvoices.web.payer')}</Table.Th>
                {COLUMNS.map((c) => (
                  <Table.Th key={c} ta="right">
                    {t(`payerInvoices.buckets.${c}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data?.rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS.length + 1}>
                    <Text size="sm" c="dimmed" ta="center">
                      {t('payerInvoices.web.agingEmpty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {data?.rows.map((r) => (
                <Table.Tr key={r.payer}>
                  <Table.Td>
                    {r.payerName}{' '}
                    <Text span size="xs" c="dimmed">
                      ({t(`payerInvoices.payerKinds.${r.payerKind}`)})
                    </Text>
                  </Table.Td>
                  {COLUMNS.map((c) => (
                    <Table.Td key={c} ta="right">
                      {formatRupiah(r[c])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
            {data && data.rows.length > 0 && (
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th>{t('payerInvoices.web.totals')}</Table.Th>
                  {COLUMNS.map((c) => (
                    <Table.Th key={c} ta="right">
                      {formatRupiah(data.totals[c])}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}
