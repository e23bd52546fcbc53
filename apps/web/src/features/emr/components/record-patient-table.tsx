import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import { PagedTable, TableState } from '../../../shared/ui/paged-table.tsx';
import type { Paged, RecordPatient } from '../api/record-api.ts';
import { formatDate, titledName } from '../format.ts';

const COLUMNS = 6;

/**
 * Patients with a record: a row opens the record (click, or Enter on the focused row), so the
 * list is worked from the keyboard after the search box; the row Enter in the search box would
 * open is marked.
 */
export function RecordPatientTable({
  label,
  data,
  loading,
  failed,
  fetching,
  stale,
  filtered,
  emptyLabel,
  highlightedUid,
  onClearFilters,
  onOpen,
}: {
  label: string;
  data: Paged<RecordPatient> | undefined;
  loading: boolean;
  failed: boolean;
  fetching: boolean;
  stale: boolean;
  filtered: boolean;
  emptyLabel: string;
  highlightedUid?: string;
  onClearFilters: () => void;
  onOpen: (patient: RecordPatient) => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const docs = data?.docs ?? [];
  return (
    <PagedTable
      label={label}
      minWidth={900}
      fetching={fetching}
      stale={stale}
      head={
        <>
          <Table.Th>{t('emr.list.mrn')}</Table.Th>
          <Table.Th>{t('emr.list.name')}</Table.Th>
          <Table.Th>{t('emr.list.age')}</Table.Th>
          <Table.Th>{t('emr.list.lastVisit')}</Table.Th>
          <Table.Th>{t('emr.list.lastDiagnosis')}</Table.Th>
          <Table.Th ta="right">{t('emr.list.visits')}</Table.Th>
        </>
      }
    >
      <TableState
        columns={COLUMNS}
        loading={loading}
        failed={failed}
        empty={docs.length === 0}
        filtered={filtered}
        emptyLabel={emptyLabel}
        onClearFilters={onClearFilters}
      />
      {docs.map((p) => (
        <Table.Tr
          key={p.uid}
          tabIndex={0}
          data-record-row
          data-highlighted={p.uid === highlightedUid || undefined}
          aria-label={t('emr.list.open', { name: titledName(p) })}
          bg={p.uid === highlightedUid ? 'var(--mantine-color-teal-0)' : undefined}
          style={{ cursor: 'pointer' }}
          onClick={() => onOpen(p)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onOpen(p);
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              const row =
                e.key === 'ArrowDown'
                  ? e.currentTarget.nextElementSibling
                  : e.currentTarget.previousElementSibling;
              (row as HTMLElement | null)?.focus();
            }
          }}
        >
          <Table.Td>
            <Text size="sm" ff="monospace">
              {p.mrn}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm" fw={500}>
              {titledName(p)}
            </Text>
            <Text size="xs" c="dimmed">
              {[t(`patients.web.sex${p.sex}`), p.dob, p.nik].filter(Boolean).join(' · ')}
            </Text>
          </Table.Td>
          <Table.Td miw={90}>
            <Text size="sm">{t('patients.web.age', p.age)}</Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{p.lastVisit ? formatDate(p.lastVisit, locale) : '–'}</Text>
          </Table.Td>
          <Table.Td maw={340}>
            <Text size="sm" lineClamp={2}>
              {p.lastDiagnosis ?? '–'}
            </Text>
          </Table.Td>
          <Table.Td ta="right">
            <Text size="sm">{p.visits}</Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </PagedTable>
  );
}
