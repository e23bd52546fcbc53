import { Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListFooter } from '../../../shared/ui/paged-table.tsx';
import { queryAnswer, useSearchPick } from '../../../shared/ui/use-search-pick.ts';
import type { RecordPatient } from '../api/record-api.ts';
import { RecordPatientTable } from './record-patient-table.tsx';
import { useRecordSearch } from './use-record-search.ts';

/**
 * Patients with a record, searched as one types (name, record number, NIK), paged: Enter opens the
 * first row of the answer to what is typed (waiting for that answer if need be), ↓ moves into the
 * rows. `mine`: only the session doctor's patients.
 */
export function RecordPatientSearch(props: {
  mine: boolean;
  listLabel: string;
  emptyLabel: string;
  hint?: string;
  onOpen: (patient: RecordPatient) => void;
}) {
  const { t } = useTranslation();
  const { searchText, setSearchText, search, list, setPage } = useRecordSearch(props.mine);
  const pick = useSearchPick({
    text: searchText.trim(),
    answer: queryAnswer(list, search, (d) => d.docs),
    rowKey: (p) => p.uid,
    onPick: props.onOpen,
  });
  return (
    <Stack gap="sm">
      <TextInput
        type="search"
        data-autofocus
        autoFocus
        placeholder={t('emr.search.placeholder')}
        aria-label={t('emr.search.label')}
        leftSection={<IconSearch size={14} />}
        rightSection={list.isFetching && !list.isLoading ? <Loader size={14} /> : null}
        maxLength={100}
        value={searchText}
        onChange={(e) => setSearchText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') pick.pickHighlighted();
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            document.querySelector<HTMLElement>('[data-record-row]')?.focus();
          }
        }}
      />
      {props.hint && (
        <Text size="xs" c="dimmed">
          {props.hint}
        </Text>
      )}
      <RecordPatientTable
        label={props.listLabel}
        data={list.data}
        loading={list.isLoading}
        failed={list.isError && !list.data}
        fetching={list.isFetching}
        stale={list.isPlaceholderData}
        filtered={Boolean(searchText.trim())}
        emptyLabel={props.emptyLabel}
        onClearFilters={() => setSearchText('')}
        highlightedUid={pick.fresh ? pick.rows[pick.highlighted]?.uid : undefined}
        onOpen={props.onOpen}
      />
      {list.data && (
        <ListFooter
          page={list.data.page}
          totalPages={list.data.totalPages}
          limit={list.data.limit}
          totalDocs={list.data.totalDocs}
          onPage={setPage}
        />
      )}
    </Stack>
  );
}
