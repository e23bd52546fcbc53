import { isOpen } from '@klinikita/domain/pharmacy/pharmacy.rules';
import { Badge, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { QueueRow } from '../api/pharmacy-queue-api.ts';
import { STATUS_COLOURS } from './rx-format.ts';

/** The payer as the counter says it ('BPJS', 'Umum'); an unknown kind shows as sent. */
export function usePayerLabel() {
  const { t, i18n } = useTranslation();
  return (payer: string) =>
    i18n.exists(`pharmacyQueue.payers.${payer}`) ? t(`pharmacyQueue.payers.${payer}`) : payer;
}

/**
 * Minutes waited against the standard: red while the patient still waits past it; once the
 * pharmacy is done the figure stays (for the turnaround) but calm.
 */
function WaitedCell({ row }: { row: QueueRow }) {
  const { t } = useTranslation();
  const late = row.overStandard && isOpen(row.status);
  return (
    <Tooltip label={t('pharmacyQueue.overStandard', { standard: row.standardMinutes })} disabled={!late}>
      <Group gap={4} justify="flex-end" wrap="nowrap" data-over={late || undefined}>
        {late && <IconClockExclamation size={16} color="var(--mantine-color-red-7)" />}
        <Text size="sm" fw={late ? 700 : 400} c={late ? 'red.7' : isOpen(row.status) ? undefined : 'dimmed'}>
          {t('pharmacyQueue.waited', { minutes: row.waitedMinutes, standard: row.standardMinutes })}
        </Text>
      </Group>
    </Tooltip>
  );
}

/** The day's prescriptions, one row each (cito first as the server sorts); a click opens one. */
export function QueueTable({
  rows,
  selected,
  onOpen,
}: {
  rows: readonly QueueRow[];
  selected: string | null;
  onOpen: (uid: string) => void;
}) {
  const { t } = useTranslation();
  const payerLabel = usePayerLabel();
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table highlightOnHover verticalSpacing="xs" data-testid="pharmacy-queue">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('pharmacyQueue.columns.queue')}</Table.Th>
            <Table.Th>{t('pharmacyQueue.columns.patient')}</Table.Th>
            <Table.Th>{t('pharmacyQueue.columns.doctor')}</Table.Th>
            <Table.Th>{t('pharmacyQueue.columns.payer')}</Table.Th>
            <Table.Th>{t('pharmacyQueue.columns.items')}</Table.Th>
            <Table.Th>{t('pharmacyQueue.columns.status')}</Table.Th>
            <Table.Th ta="right">{t('pharmacyQueue.columns.waited')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.uid}
              onClick={() => onOpen(row.uid)}
              style={{ cursor: 'pointer' }}
              bg={row.uid === selected ? 'var(--mantine-color-blue-light)' : undefined}
              aria-selected={row.uid === selected}
            >
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text fw={700} ff="monospace">
                    {row.queueNumber}
                  </Text>
                  {row.priority === 'cito' && (
                    <Badge color="red" size="sm">
                      {t('pharmacy.priorities.cito')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  {/* a button in the row: the keyboard reaches each prescription too */}
                  <Text
                    component="button"
                    type="button"
                    fw={600}
                    size="sm"
                    ta="left"
                    bg="none"
                    bd="none"
                    p={0}
                    style={{ cursor: 'pointer' }}
                    onClick={(e) => {
                      e.stopPropagation();
                      onOpen(row.uid);
                    }}
                  >
                    {row.patient.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {row.patient.mrn}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.doctorName ?? '—'}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{payerLabel(row.payerType)}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm">{t('pharmacyQueue.itemCount', { count: row.itemCount })}</Text>
                  {row.racikan && (
                    <Badge color="grape" variant="light" size="sm">
                      {t('pharmacyQueue.racikan')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOURS[row.status]} variant="light">
                  {t(`pharmacy.statuses.${row.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">
                <WaitedCell row={row} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
