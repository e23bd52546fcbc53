import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { MCU_STATIONS } from '@klinikita/domain/mcu/mcu-stations';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFilterPage } from '../../../shared/ui/list-page.tsx';
import { TableState } from '../../../shared/ui/paged-table.tsx';
import { useMcuCompanies, useMcuWorklist } from '../api/mcu-exam-api.ts';

/**
 * The MCU worklist of a clinic day: the checked-in participants with their stations done or left,
 * by company, and "belum diperiksa" — not yet examined at the chosen station.
 */
export function McuWorklist({
  clinicId,
  timeZone,
  onOpen,
}: {
  clinicId: number;
  timeZone: string;
  onOpen: (uid: string) => void;
}) {
  const { t } = useTranslation();
  const s = (key: string, params: Record<string, unknown> = {}) => t(`mcuExam.screen.${key}`, params);
  const [date, setDate] = useState(() => clinicDay(timeZone));
  const [companyUid, setCompanyUid] = useState<string | null>(null);
  const [station, setStation] = useState<string | null>(null);
  const [notDone, setNotDone] = useState(false);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const filterKey = [date, companyUid, station, notDone, search].join('|');
  const [page, setPage] = useFilterPage(filterKey);
  const companies = useMcuCompanies();
  const list = useMcuWorklist({
    clinicId,
    date,
    companyUid: companyUid ?? undefined,
    station: (station ?? undefined) as (typeof MCU_STATIONS)[number] | undefined,
    notDone: notDone && station ? 'true' : undefined,
    search: search || undefined,
    page,
    limit: 25,
  });
  const docs = list.data?.docs ?? [];
  const stationLabel = (code: string) => t(`mcuStations.station.${code}`);

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label={s('date')}
          value={date}
          onChange={(e) => e.currentTarget.value && setDate(e.currentTarget.value)}
        />
        <Select
          label={s('company')}
          placeholder={s('allCompanies')}
          clearable
          searchable
          data={(companies.data?.docs ?? []).map((c) => ({ value: c.uid, label: c.name }))}
          value={companyUid}
          onChange={setCompanyUid}
        />
        <Select
          label={s('station')}
          placeholder={s('allStations')}
          clearable
          data={MCU_STATIONS.map((code) => ({ value: code, label: stationLabel(code) }))}
          value={station}
          onChange={setStation}
        />
        <Checkbox
          label={s('notDone')}
          disabled={!station}
          checked={notDone && !!station}
          onChange={(e) => setNotDone(e.currentTarget.checked)}
          mb={6}
        />
        <TextInput
          flex="1 1 200px"
          type="search"
          aria-label={s('search')}
          placeholder={s('search')}
          leftSection={<IconSearch size={14} />}
          maxLength={100}
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
        />
      </Group>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>{s('number')}</Table.Th>
            <Table.Th>{s('name')}</Table.Th>
            <Table.Th>{s('company')}</Table.Th>
            <Table.Th>{s('statusColumn')}</Table.Th>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>{s('progress')}</Table.Th>
            <Table.Th>{s('left')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <TableState
            columns={7}
            loading={list.isPending}
            failed={list.isError}
            empty={!docs.length}
            filtered={Boolean(search || companyUid || station)}
            emptyLabel={s('empty')}
            onClearFilters={() => {
              setSearchText('');
              setCompanyUid(null);
              setStation(null);
              setNotDone(false);
            }}
          />
          {docs.map((row) => (
            <Table.Tr key={row.uid} data-testid="mcu-worklist-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.mcuNumber}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {row.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {row.employeeNumber}
                  {row.department ? ` · ${row.department}` : ''}
                </Text>
              </Table.Td>
              <Table.Td>{row.company.name}</Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  // the whole status stays readable: the badge does not shrink below its label
                  style={{ minWidth: 'max-content' }}
                  color={row.status === 'approved' ? 'teal' : row.status === 'done' ? 'blue' : 'yellow'}
                >
                  {s(`status.${row.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {row.stations.filter((x) => x.done).length}/{row.stations.length}
                </Text>
              </Table.Td>
              <Table.Td>
                {row.left.length ? (
                  <Text size="xs">{row.left.map(stationLabel).join(', ')}</Text>
                ) : (
                  <Text size="xs" c="teal">
                    {s('allDone')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" onClick={() => onOpen(row.uid)}>
                  {s('open')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {(list.data?.totalPages ?? 1) > 1 && (
        <Pagination total={list.data?.totalPages ?? 1} value={page} onChange={setPage} size="sm" />
      )}
    </Stack>
  );
}
