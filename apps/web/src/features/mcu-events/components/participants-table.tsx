import { MCU_PARTICIPANT_STATUSES } from '@klinikita/domain/mcu/mcu-events.schema';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFileText, IconPrinter, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { mcuChecklistUrl, mcuReportUrl } from '../../../shared/mcu/mcu-document-urls.ts';
import { useFilterPage } from '../../../shared/ui/list-page.tsx';
import { type McuParticipantStatus, useCheckIn, useMcuParticipants } from '../api/mcu-events-api.ts';
import { formatDay, STATUS_COLOR, screenT, serverErrors } from './mcu-format.ts';

/** An event's participants: searched, by status, paged; each one checked in with one click. */
export function ParticipantsTable({ eventUid, canManage }: { eventUid: string; canManage: boolean }) {
  const { t } = useTranslation();
  const s = screenT(t);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [status, setStatus] = useState<McuParticipantStatus | ''>('');
  const [page, setPage] = useFilterPage(JSON.stringify([search, status]));
  const list = useMcuParticipants(eventUid, {
    search: search || undefined,
    status: status || undefined,
    page,
    limit: 20,
  });
  const checkIn = useCheckIn();
  const docs = list.data?.docs ?? [];

  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <TextInput
          flex="1 1 260px"
          type="search"
          aria-label={s('searchParticipants')}
          placeholder={s('searchParticipants')}
          leftSection={<IconSearch size={14} />}
          maxLength={100}
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
        />
        <Select
          aria-label={s('statusLabel')}
          w={200}
          data={[
            { value: '', label: s('allStatuses') },
            ...MCU_PARTICIPANT_STATUSES.map((v) => ({ value: v, label: t(`mcuSetup.status.${v}`) })),
          ]}
          value={status}
          onChange={(v) => setStatus((v ?? '') as McuParticipantStatus | '')}
          allowDeselect={false}
        />
        {list.data && (
          <Text size="sm" c="dimmed">
            {s('total', { count: list.data.totalDocs })}
          </Text>
        )}
      </Group>
      <Table.ScrollContainer minWidth={900}>
        <Table striped aria-label={s('participants')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{s('mcuNumber')}</Table.Th>
              <Table.Th>{s('participantName')}</Table.Th>
              <Table.Th>{s('employeeNumber')}</Table.Th>
              <Table.Th>{s('nik')}</Table.Th>
              <Table.Th>{s('departmentJob')}</Table.Th>
              <Table.Th>{s('package')}</Table.Th>
              <Table.Th>{s('statusLabel')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {docs.map((p) => (
              <Table.Tr key={p.uid}>
                <Table.Td>{p.mcuNumber}</Table.Td>
                <Table.Td>
                  {p.name} ({p.sex === 'M' ? 'L' : 'P'})
                  <Text size="xs" c="dimmed">
                    {formatDay(p.birthDate)} · {p.patient.mrn}
                  </Text>
                </Table.Td>
                <Table.Td>{p.employeeNumber}</Table.Td>
                <Table.Td>{p.nik}</Table.Td>
                <Table.Td>{[p.department, p.job].filter(Boolean).join(' / ') || '–'}</Table.Td>
                <Table.Td>
                  {p.jobGroup ?? '–'}
                  <Text size="xs" c="dimmed">
                    {p.package.code}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[p.status]} variant="light">
                    {t(`mcuSetup.status.${p.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">
                  {canManage && p.status === 'registered' && (
                    <Button
                      size="compact-xs"
                      loading={checkIn.isPending && checkIn.variables?.params.uid === p.uid}
                      onClick={() =>
                        checkIn.mutate(
                          { params: { uid: p.uid } },
                          {
                            onSuccess: (answer) =>
                              notifications.show({
                                color: 'teal',
                                autoClose: 10_000,
                                message: (
                                  <Stack gap={2}>
                                    <span>
                                      {s('checkInDone', {
                                        name: p.name,
                                        queue: answer.data?.registration.queueNumber ?? '',
                                      })}
                                    </span>
                                    <Anchor
                                      size="sm"
                                      href={mcuChecklistUrl(p.uid)}
                                      target="_blank"
                                      rel="noopener"
                                      data-testid="mcu-checkin-checklist"
                                    >
                                      {s('printChecklistOf', { name: p.name })}
                                    </Anchor>
                                  </Stack>
                                ),
                              }),
                            onError: (error) => {
                              const mapped = serverErrors(error);
                              if (mapped)
                                notifications.show({
                                  color: 'orange',
                                  message: translateMessage(Object.values(mapped)[0]),
                                });
                            },
                          },
                        )
                      }
                    >
                      {s('checkIn')}
                    </Button>
                  )}
                  {(p.status === 'done' || p.status === 'approved') && (
                    <Button
                      component="a"
                      href={mcuReportUrl(p.uid)}
                      target="_blank"
                      rel="noopener"
                      size="compact-xs"
                      variant="light"
                      mr={6}
                      leftSection={<IconFileText size={12} />}
                      aria-label={s('openReportOf', { name: p.name })}
                    >
                      {s('openReport')}
                    </Button>
                  )}
                  {p.status !== 'registered' && (
                    <Button
                      component="a"
                      href={mcuChecklistUrl(p.uid)}
                      target="_blank"
                      rel="noopener"
                      size="compact-xs"
                      variant="default"
                      leftSection={<IconPrinter size={12} />}
                      aria-label={s('printChecklistOf', { name: p.name })}
                    >
                      {s('printChecklist')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.isSuccess && docs.length === 0 && (
        <Text c="dimmed" size="sm">
          {s('noParticipants')}
        </Text>
      )}
      {list.isError && <Alert color="red">{s('failed')}</Alert>}
      {(list.data?.totalPages ?? 1) > 1 && (
        <Pagination value={page} onChange={setPage} total={list.data?.totalPages ?? 1} size="sm" />
      )}
    </Stack>
  );
}
