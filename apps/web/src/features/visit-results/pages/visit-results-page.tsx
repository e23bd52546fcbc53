import { Badge, Button, Group, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type ListColumn, ListPage, useFilterPage } from '../../../shared/ui/list-page.tsx';
import { type ResultVisit, useResultVisits } from '../api/visit-results-api.ts';
import { VisitResultsView } from '../components/visit-results-view.tsx';

const SEARCH_DEBOUNCE_MS = 300;
/** 'YYYY-MM-DD' → 'DD/MM/YYYY', as the queue lists show a day. */
const dayText = (day: string) => day.split('-').reverse().join('/');
const PAGE_SIZE = 20;

/** Today in the browser's calendar, YYYY-MM-DD (the clinic's day for a clinic's own screen). */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * `/Layanan/previewHasilnonMcu`: the front office finds a visit with released results by day,
 * patient name, MRN or queue number and opens its printable results (`?visit=` keeps it on reload).
 */
export function VisitResultsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const opened = params.get('visit');
  const [searchText, setSearchText] = useState('');
  const [date, setDate] = useState(today);
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useFilterPage(JSON.stringify([search, date]));
  const list = useResultVisits({
    search: search || undefined,
    date: date || undefined,
    page,
    limit: PAGE_SIZE,
  });

  if (opened)
    return (
      <VisitResultsView
        registrationId={opened}
        onBack={() => {
          params.delete('visit');
          setParams(params);
        }}
      />
    );

  const open = (v: ResultVisit) => setParams({ visit: v.registrationId });
  const columns: ListColumn<ResultVisit>[] = [
    {
      key: 'date',
      header: t('visitResults.column.date'),
      cell: (v) => <Text size="sm">{dayText(v.queueDate)}</Text>,
    },
    {
      key: 'queue',
      header: t('visitResults.column.queue'),
      cell: (v) => (
        <Text size="sm" ff="monospace">
          {v.queueNumber}
        </Text>
      ),
    },
    {
      key: 'patient',
      header: t('visitResults.column.patient'),
      cell: (v) => (
        <>
          <Text size="sm" fw={500}>
            {v.patient.name}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {v.patient.mrn}
          </Text>
        </>
      ),
    },
    {
      key: 'service',
      header: t('visitResults.column.service'),
      cell: (v) => (
        <>
          <Text size="sm">{v.serviceType ? t(`visitResults.serviceType.${v.serviceType}`) : '–'}</Text>
          <Text size="xs" c="dimmed">
            {v.clinicName}
          </Text>
        </>
      ),
    },
    {
      key: 'results',
      header: t('visitResults.column.results'),
      cell: (v) => (
        <Group gap={4}>
          {v.lab && (
            <Badge size="sm" variant="light" color="teal">
              {t('visitResults.has.lab')}
            </Badge>
          )}
          {v.radiology > 0 && (
            <Badge size="sm" variant="light" color="blue">
              {t('visitResults.has.radiology', { count: v.radiology })}
            </Badge>
          )}
          {v.physio > 0 && (
            <Badge size="sm" variant="light" color="grape">
              {t('visitResults.has.physio', { count: v.physio })}
            </Badge>
          )}
          {v.treatment > 0 && (
            <Badge size="sm" variant="light" color="orange">
              {t('visitResults.has.treatment', { count: v.treatment })}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'open',
      header: '',
      td: { ta: 'right' },
      cell: (v) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => open(v)}
          aria-label={`${t('visitResults.open')} ${v.patient.name}`}
        >
          {t('visitResults.open')}
        </Button>
      ),
    },
  ];

  return (
    <ListPage
      title={t('visitResults.title')}
      subtitle={t('visitResults.subtitle')}
      search={{
        value: searchText,
        onChange: setSearchText,
        placeholder: t('visitResults.search'),
        label: t('visitResults.searchLabel'),
        basis: '320px',
      }}
      filters={
        <Group gap="xs" align="flex-end">
          <TextInput
            type="date"
            label={t('visitResults.date')}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
          />
          {date && (
            <Button variant="subtle" size="sm" onClick={() => setDate('')}>
              {t('visitResults.allDays')}
            </Button>
          )}
        </Group>
      }
      table={{ label: t('visitResults.title'), minWidth: 760 }}
      columns={columns}
      rowKey={(v) => v.registrationId}
      query={list}
      filtered={Boolean(search)}
      emptyLabel={t('visitResults.empty')}
      onClearFilters={() => setSearchText('')}
      onPage={setPage}
    />
  );
}
