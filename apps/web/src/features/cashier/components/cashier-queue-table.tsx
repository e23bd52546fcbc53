import { Table, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../../../shared/format.ts';
import type { Registration } from '../api/cashier-api.ts';

/** The day's visits at the cashier, one row each; a click opens the visit's bill. */
export function CashierQueueTable({
  rows,
  selected,
  onOpen,
  timeZone,
}: {
  rows: readonly Registration[];
  timeZone: string;
  selected: string | null;
  onOpen: (visit: Registration) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table highlightOnHover verticalSpacing="xs" data-testid="cashier-queue">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('cashier.columns.queue')}</Table.Th>
            <Table.Th>{t('cashier.columns.patient')}</Table.Th>
            <Table.Th>{t('cashier.columns.doctor')}</Table.Th>
            <Table.Th>{t('cashier.columns.payer')}</Table.Th>
            <Table.Th>{t('cashier.columns.arrived')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr
              key={r._id}
              bg={r._id === selected ? 'var(--mantine-primary-color-light)' : undefined}
              style={{ cursor: 'pointer' }}
              onClick={() => onOpen(r)}
            >
              <Table.Td>
                <Text fw={700} size="sm">
                  {r.queueNumber}
                </Text>
              </Table.Td>
              <Table.Td>
                <UnstyledButton
                  aria-label={t('cashier.open', { name: r.patient.name })}
                  onClick={(e) => {
                    e.stopPropagation();
                    onOpen(r);
                  }}
                >
                  <Text size="sm" fw={500}>
                    {r.patient.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {r.patient.mrn}
                  </Text>
                </UnstyledButton>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{r.doctor?.name ?? r.room}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {r.company?.name ?? r.insuranceName ?? t(`cashier.payers.${r.payerType}`)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatClock(new Date(r.arrivedAt), timeZone).slice(0, 5)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
