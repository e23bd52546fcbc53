import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { MCU_RESULT_STATUSES } from '@klinikita/domain/mcu/mcu-outputs.contract';
import { Badge, Button, Group, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useWorkingClinic } from '../../../shared/session/working-clinic.ts';
import { type ListColumn, ListPage, useFilterPage } from '../../../shared/ui/list-page.tsx';
import { type McuResultRow, useMcuResults } from '../api/mcu-results-api.ts';
import { RecapButton } from '../components/recap-button.tsx';
import { ReportPreview } from '../components/report-preview.tsx';

const PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;
const dayText = (day: string | null) => (day ? day.split('-').reverse().join('/') : '–');
const monthAgo = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 30);
  return d.toISOString().slice(0, 10);
};

const categoryColour = (row: McuResultRow) =>
  !row.conclusion ? 'gray' : row.conclusion.category.toUpperCase().startsWith('FIT') ? 'teal' : 'red';

/**
 * `/Layanan/previewHasil`: the MCU results of a clinic — days, event (company), status and search —
 * each opening its report inline with Print, the health certificate, the fit-to-work letter and the
 * checklist; the event's company recap downloads as xlsx with its progress.
 */
export function McuResultsPage() {
  const { t } = useTranslation();
  const { clinic, clinics, setClinicId } = useWorkingClinic();
  const today = clinicDay(clinic?.timeZone ?? 'Asia/Jakarta');
  const [params, setParams] = useSearchParams();
  const [searchText, setSearchText] = useState('');
  const [from, setFrom] = useState(() => monthAgo(today));
  const [to, setTo] = useState(today);
  const [eventId, setEventId] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [opened, setOpened] = useState<McuResultRow | null>(null);
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useFilterPage(JSON.stringify([clinic?.id, search, from, to, eventId, status]));
  const list = useMcuResults({
    clinicId: clinic?.id,
    from: from || undefined,
    to: to || undefined,
    eventId: eventId ?? undefined,
    status: (status as (typeof MCU_RESULT_STATUSES)[number] | null) ?? undefined,
    q: search || undefined,
    page,
    limit: PAGE_SIZE,
  });
  const openedUid = params.get('participant');
  const current = opened ?? list.data?.docs.find((d) => d.uid === openedUid) ?? null;
  if (current && openedUid === current.uid)
    return (
      <ReportPreview
        row={current}
        onBack={() => {
          setOpened(null);
          params.delete('participant');
          setParams(params);
        }}
      />
    );

  const open = (row: McuResultRow) => {
    setOpened(row);
    setParams({ participant: row.uid });
  };
  const columns: ListColumn<McuResultRow>[] = [
    {
      key: 'number',
      header: t('mcuOutputs.screen.column.number'),
      cell: (r) => (
        <Text size="sm" ff="monospace">
          {r.mcuNumber}
        </Text>
      ),
    },
    {
      key: 'participant',
      header: t('mcuOutputs.screen.column.participant'),
      cell: (r) => (
        <>
          <Text size="sm" fw={500}>
            {r.name}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {r.nik} · {r.employeeNumber}
          </Text>
        </>
      ),
    },
    {
      key: 'company',
      header: t('mcuOutputs.screen.column.company'),
      cell: (r) => (
        <>
          <Text size="sm">{r.company.name}</Text>
          <Text size="xs" c="dimmed">
            {[r.event.name, r.department].filter(Boolean).join(' · ')}
          </Text>
        </>
      ),
    },
    {
      key: 'date',
      header: t('mcuOutputs.screen.column.examDate'),
      cell: (r) => <Text size="sm">{dayText(r.examDate)}</Text>,
    },
    {
      key: 'category',
      header: t('mcuOutputs.screen.column.category'),
      cell: (r) =>
        r.conclusion ? (
          <Group gap={4}>
            <Badge size="sm" variant="light" color={categoryColour(r)}>
              {r.conclusion.categoryLabel}
            </Badge>
            {r.conclusion.status === 'draft' && (
              <Badge size="sm" variant="outline" color="orange">
                {t('mcuOutputs.screen.draft')}
              </Badge>
            )}
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            {t('mcuOutputs.screen.noConclusion')}
          </Text>
        ),
    },
    {
      key: 'status',
      header: t('mcuOutputs.screen.column.status'),
      cell: (r) => <Text size="sm">{t(`mcuOutputs.screen.statuses.${r.status}`)}</Text>,
    },
    {
      key: 'open',
      header: '',
      td: { ta: 'right' },
      cell: (r) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => open(r)}
          aria-label={`${t('mcuOutputs.screen.open')} ${r.name}`}
        >
          {t('mcuOutputs.screen.open')}
        </Button>
      ),
    },
  ];
  const events = list.data?.events ?? [];
  return (
    <ListPage
      title={t('mcuOutputs.screen.title')}
      subtitle={t('mcuOutputs.screen.subtitle')}
      search={{
        value: searchText,
        onChange: setSearchText,
        placeholder: t('mcuOutputs.screen.search'),
        label: t('mcuOutputs.screen.searchLabel'),
        basis: '240px',
      }}
      filters={
        <Group gap="xs" align="flex-end" wrap="wrap">
          {clinics.length > 1 && clinic && (
            <Select
              w={300}
              label={t('mcuOutputs.screen.clinic')}
              value={String(clinic.id)}
              allowDeselect={false}
              onChange={(v) => v && setClinicId(Number(v))}
              data={clinics.map((c) => ({ value: String(c.id), label: c.name }))}
            />
          )}
          <TextInput
            type="date"
            label={t('mcuOutputs.screen.from')}
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('mcuOutputs.screen.to')}
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
          />
          <Select
            w={240}
            label={t('mcuOutputs.screen.event')}
            placeholder={t('mcuOutputs.screen.allEvents')}
            clearable
            searchable
            value={eventId}
            onChange={setEventId}
            data={events.map((e) => ({ value: e.uid, label: `${e.name} · ${e.companyName}` }))}
          />
          <Select
            w={150}
            label={t('mcuOutputs.screen.status')}
            placeholder={t('mcuOutputs.screen.allStatuses')}
            clearable
            value={status}
            onChange={setStatus}
            data={MCU_RESULT_STATUSES.map((s) => ({ value: s, label: t(`mcuOutputs.screen.statuses.${s}`) }))}
          />
          <RecapButton eventUid={eventId} />
        </Group>
      }
      table={{ label: t('mcuOutputs.screen.title'), minWidth: 880 }}
      columns={columns}
      rowKey={(r) => r.uid}
      query={list}
      filtered={Boolean(search || eventId || status)}
      emptyLabel={t('mcuOutputs.screen.empty')}
      onClearFilters={() => {
        setSearchText('');
        setEventId(null);
        setStatus(null);
      }}
      onPage={setPage}
    />
  );
}
