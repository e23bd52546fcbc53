import {
  type RegistrationStatus,
  SERVICE_TYPES,
  type ServiceType,
} from '@klinikita/domain/registrations/registration.rules';
import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import {
  Alert,
  Button,
  Card,
  Group,
  Kbd,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { IconCalendar, IconSearch } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveRegistrations } from '../../../shared/live/live-events.ts';
import {
  type RegistrationListParams,
  useAvailableDoctors,
  useRegistrations,
} from '../../../shared/registrations/registrations-api.ts';
import { StatusBadge } from '../../../shared/registrations/status-badge.tsx';
import { useWorkingClinic } from '../../../shared/session/working-clinic.ts';
import { ListFooter, PagedTable, TableState } from '../../../shared/ui/paged-table.tsx';
import { useStatusCounts } from '../api/get-status-counts.ts';
import { DisplayLinkButton } from '../components/display-link-modal.tsx';
import { QueuePrefixesButton } from '../components/queue-prefixes-modal.tsx';
import { RowActions } from '../components/row-actions.tsx';
import { StatusFilter } from '../components/status-filter.tsx';
import { patientName, useStatusMove } from '../hooks/use-status-move.ts';
import { clinicTime, clinicToday, dayToDMY, oneDayRange } from '../queue-dates.ts';

const SEARCH_DEBOUNCE_MS = 300;
export const PAGE_SIZE = 25;
const COLUMNS = 7;

/** The doctor or service filter: 'doctor:12' or 'service:LAB'. */
function unitParams(unit: string | null): Partial<RegistrationListParams> {
  if (!unit) return {};
  const [kind, value] = unit.split(':');
  if (kind === 'doctor') return { orderType: 'doctor', doctorId: Number(value) };
  return { orderType: 'service', serviceType: [value as ServiceType] };
}

/**
 * `/PatientQueue/patientQueue`: a day's registrations of the working clinic by status, searched,
 * filtered and paged on the server, with call, skip and the other legal status moves. Every
 * change made elsewhere shows up by itself through the clinic's live stream.
 */
export function QueueBoardPage() {
  const { t } = useTranslation();
  const { clinic, clinics, setClinicId } = useWorkingClinic();
  useLiveRegistrations(clinic?.id);
  const searchRef = useRef<HTMLInputElement>(null);
  useHotkeys([['/', () => searchRef.current?.focus()]]);

  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<RegistrationStatus | null>(null);
  const [unit, setUnit] = useState<string | null>(null);
  // null: the clinic's today (the server's default, which also follows midnight)
  const [pickedDay, setPickedDay] = useState<string | null>(null);

  const timeZone = clinic?.timeZone ?? 'Asia/Jakarta';
  const today = clinicToday(timeZone);
  const day = pickedDay && pickedDay !== today ? pickedDay : null;
  const base: Omit<RegistrationListParams, 'status' | 'page' | 'limit'> | null = clinic && {
    clinicId: clinic.id,
    order: 'arrivedAt_1',
    ...(day ? oneDayRange(day) : {}),
    ...unitParams(unit),
    search: search || undefined,
  };
  const filterKey = JSON.stringify([base, status]);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const list = useRegistrations(
    base && { ...base, status: status ? [status] : undefined, page, limit: PAGE_SIZE },
  );
  const counts = useStatusCounts(base);
  const doctors = useAvailableDoctors(clinic?.id ?? null, day ? dayToDMY(day) : undefined);
  const { move, pendingId } = useStatusMove();

  const docs = list.data?.docs ?? [];
  const filtered = Boolean(searchText.trim() || status || unit);
  const clearFilters = () => {
    setSearchText('');
    setStatus(null);
    setUnit(null);
  };

  const unitOptions = [
    {
      group: t('queueBoard.doctors'),
      items: (doctors.data ?? []).map((d) => ({ value: `doctor:${d.doctorId}`, label: d.name })),
    },
    {
      group: t('queueBoard.services'),
      items: SERVICE_TYPES.map((s) => ({ value: `service:${s}`, label: t(`queueBoard.serviceNames.${s}`) })),
    },
  ];

  if (!clinic) return <Alert color="orange">{t('web.common.loadFailed')}</Alert>;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Group gap="sm" align="baseline">
          <Title order={2}>{t('queueBoard.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('queueBoard.subtitle')}
          </Text>
        </Group>
        <Group gap="sm" align="flex-end">
          {clinics.length > 1 && (
            <Select
              w={260}
              label={t('queueBoard.clinic')}
              data={clinics.map((c) => ({ value: String(c.id), label: c.name }))}
              value={String(clinic.id)}
              onChange={(v) => v && setClinicId(Number(v))}
              allowDeselect={false}
              searchable
            />
          )}
          <QueuePrefixesButton clinicId={clinic.id} clinicName={clinic.name} />
          <DisplayLinkButton clinicId={clinic.id} clinicName={clinic.name} />
        </Group>
      </Group>
      <Card padding="md">
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              ref={searchRef}
              flex="1 1 300px"
              type="search"
              placeholder={t('queueBoard.searchPlaceholder')}
              aria-label={t('queueBoard.search')}
              title={t('queueBoard.searchShortcut')}
              leftSection={<IconSearch size={14} />}
              rightSection={
                list.isFetching && !list.isLoading ? <Loader size={14} /> : <Kbd size="xs">/</Kbd>
              }
              maxLength={100}
              value={searchText}
              onChange={(e) => setSearchText(e.currentTarget.value)}
            />
            <TextInput
              w={160}
              type="date"
              aria-label={t('queueBoard.date')}
              leftSection={<IconCalendar size={14} />}
              value={day ?? today}
              max={today}
              onChange={(e) => setPickedDay(e.currentTarget.value || null)}
            />
            {day && (
              <Button variant="subtle" onClick={() => setPickedDay(null)}>
                {t('queueBoard.today')}
              </Button>
            )}
            <Select
              w={240}
              aria-label={t('queueBoard.unitFilter')}
              placeholder={t('queueBoard.allUnits')}
              data={unitOptions}
              value={unit}
              onChange={setUnit}
              clearable
              searchable
            />
          </Group>
          <StatusFilter value={status} counts={counts} onChange={setStatus} />
          {day && (
            <Alert color="blue" variant="light" py="xs">
              {t('queueBoard.otherDay', { date: dayToDMY(day).replaceAll('_', '/') })}
            </Alert>
          )}
          <PagedTable
            label={t('queueBoard.list')}
            minWidth={960}
            fetching={list.isFetching}
            stale={list.isPlaceholderData}
            head={
              <>
                <Table.Th>{t('queueBoard.colQueue')}</Table.Th>
                <Table.Th>{t('queueBoard.colPatient')}</Table.Th>
                <Table.Th>{t('queueBoard.colUnit')}</Table.Th>
                <Table.Th>{t('queueBoard.colPayer')}</Table.Th>
                <Table.Th>{t('queueBoard.colArrived')}</Table.Th>
                <Table.Th>{t('queueBoard.colStatus')}</Table.Th>
                <Table.Th ta="right">{t('queueBoard.actions')}</Table.Th>
              </>
            }
          >
            <TableState
              columns={COLUMNS}
              loading={list.isLoading}
              failed={list.isError && !list.data}
              empty={docs.length === 0}
              filtered={filtered}
              emptyLabel={t('queueBoard.empty')}
              onClearFilters={clearFilters}
            />
            {docs.map((r) => (
              <QueueRow
                key={r._id}
                registration={r}
                timeZone={timeZone}
                today={!day}
                busy={pendingId === r._id}
                onMove={move}
              />
            ))}
          </PagedTable>
          {list.data && (
            <ListFooter
              page={list.data.page}
              totalPages={list.data.totalPages}
              limit={list.data.limit}
              totalDocs={list.data.totalDocs}
              onPage={(next) => setPaging({ key: filterKey, page: next })}
            />
          )}
        </Stack>
      </Card>
    </Stack>
  );
}

function QueueRow({
  registration: r,
  timeZone,
  today,
  busy,
  onMove,
}: {
  registration: Registration;
  timeZone: string;
  today: boolean;
  busy: boolean;
  onMove: (r: Registration, to: RegistrationStatus) => void;
}) {
  const { t } = useTranslation();
  const unit = r.doctor ? r.doctor.name : r.serviceType ? t(`queueBoard.serviceNames.${r.serviceType}`) : '–';
  const payerDetail = r.company?.name ?? r.insuranceName;
  return (
    <Table.Tr data-status={r.status}>
      <Table.Td>
        <Text fz={22} fw={700} ff="monospace" lh={1.1} style={{ whiteSpace: 'nowrap' }}>
          {r.queueNumber}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={500}>
          {patientName(r)}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {r.patient.mrn}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{unit}</Text>
        {r.room !== unit && (
          <Text size="xs" c="dimmed">
            {r.room}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{t(`queueBoard.payers.${r.payerType}`)}</Text>
        {payerDetail && (
          <Text size="xs" c="dimmed">
            {payerDetail}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {clinicTime(r.arrivedAt, timeZone)}
        </Text>
      </Table.Td>
      <Table.Td>
        <StatusBadge status={r.status} />
      </Table.Td>
      <Table.Td>
        <RowActions registration={r} today={today} busy={busy} onMove={onMove} />
      </Table.Td>
    </Table.Tr>
  );
}
