import { toDDMMYYYY } from '@klinikita/domain/common/dates';
import {
  type McuPortalParticipant,
  PORTAL_PARTICIPANT_STATUSES,
  type PortalParticipantStatus,
} from '@klinikita/domain/mcu/mcu-portal.schema';
import { Badge, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableState } from '../../../shared/ui/paged-table.tsx';
import { usePortalParticipants } from '../api/mcu-portal-api.ts';

const STATUS_COLOR: Record<PortalParticipantStatus, string> = {
  registered: 'gray',
  inProgress: 'yellow',
  done: 'blue',
  approved: 'teal',
};

function Medical({ p }: { p: McuPortalParticipant }) {
  const { t } = useTranslation();
  if (!p.category) return <Text c="dimmed">–</Text>;
  if (!p.medical)
    return (
      <Text size="xs" c="dimmed">
        {t('mcuPortal.screen.noConsent')}
      </Text>
    );
  const m = p.medical;
  const rows: [string, string | null][] = [
    ['findings', m.findings.length ? m.findings.join('; ') : null],
    ['conclusion', m.conclusion],
    ['advice', m.advice],
    ['restrictions', m.restrictions],
    ['followUp', toDDMMYYYY(m.followUpDate)],
  ];
  return (
    <Stack gap={2}>
      {rows
        .filter(([, v]) => v)
        .map(([k, v]) => (
          <Text key={k} size="xs">
            <Text span fw={600} size="xs">
              {t(`mcuPortal.screen.${k}`)}:
            </Text>{' '}
            {v}
          </Text>
        ))}
    </Stack>
  );
}

/** One event's participants: search, a status filter, progress, category and (with consent) the details. */
export function ParticipantsTable({ eventUid }: { eventUid: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<PortalParticipantStatus | null>(null);
  const deferred = useDeferredValue(search.trim());
  const result = usePortalParticipants(eventUid, {
    search: deferred || undefined,
    status: status ?? undefined,
  });
  const rows = result.data?.participants ?? [];
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <TextInput
          w={340}
          leftSection={<IconSearch size={16} />}
          placeholder={t('mcuPortal.screen.search')}
          aria-label={t('mcuPortal.screen.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <Select
          w={220}
          aria-label={t('mcuPortal.screen.statusFilter')}
          placeholder={t('mcuPortal.screen.allStatuses')}
          clearable
          value={status}
          onChange={(v) => setStatus(v as PortalParticipantStatus | null)}
          data={PORTAL_PARTICIPANT_STATUSES.map((s) => ({
            value: s,
            label: t(`mcuPortal.screen.participantStatus.${s}`),
          }))}
        />
      </Group>
      <Text size="xs" c="dimmed">
        {t('mcuPortal.screen.privacy')}
      </Text>
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('mcuPortal.screen.mcuNumber')}</Table.Th>
              <Table.Th>{t('mcuPortal.screen.employeeNumber')}</Table.Th>
              <Table.Th>{t('mcuPortal.screen.name')}</Table.Th>
              <Table.Th>{t('mcuPortal.screen.department')}</Table.Th>
              <Table.Th>{t('mcuPortal.screen.status')}</Table.Th>
              <Table.Th>{t('mcuPortal.screen.category')}</Table.Th>
              <Table.Th>{t('mcuPortal.screen.details')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <TableState
              columns={7}
              loading={result.isPending}
              failed={result.isError}
              empty={!rows.length}
              filtered={Boolean(deferred || status)}
              emptyLabel={t('mcuPortal.screen.noParticipants')}
              onClearFilters={() => {
                setSearch('');
                setStatus(null);
              }}
            />
            {rows.map((p) => (
              <Table.Tr key={p.uid}>
                <Table.Td>{p.mcuNumber}</Table.Td>
                <Table.Td>{p.employeeNumber}</Table.Td>
                <Table.Td>{p.name}</Table.Td>
                <Table.Td>{p.department ?? '–'}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={STATUS_COLOR[p.status]}>
                    {t(`mcuPortal.screen.participantStatus.${p.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {p.category ? (
                    <Badge variant="outline" color={p.category.fit === false ? 'red' : 'teal'}>
                      {p.category.label}
                    </Badge>
                  ) : (
                    <Text c="dimmed">–</Text>
                  )}
                </Table.Td>
                <Table.Td maw={360}>
                  <Medical p={p} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
