import { Card, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListFooter } from '../../../shared/ui/paged-table.tsx';
import type { RecordPatient } from '../api/record-api.ts';
import { RecordPatientTable } from '../components/record-patient-table.tsx';
import { detailPath, useRecordSearch } from '../components/use-record-search.ts';

/** `/EMR`: find a patient's medical record by name, record number or NIK. */
export function EmrSearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { searchText, setSearchText, list, setPage } = useRecordSearch(false);
  const open = (p: RecordPatient) => navigate(detailPath(p));
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('emr.search.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('emr.search.subtitle')}
        </Text>
      </div>
      <Card withBorder padding="md">
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
              const first = list.data?.docs[0];
              if (e.key === 'Enter' && first && !list.isPlaceholderData) open(first);
              if (e.key === 'ArrowDown') {
                e.preventDefault();
                document.querySelector<HTMLElement>('[data-record-row]')?.focus();
              }
            }}
          />
          <Text size="xs" c="dimmed">
            {t('emr.search.hint')}
          </Text>
          <RecordPatientTable
            label={t('emr.search.list')}
            data={list.data}
            loading={list.isLoading}
            failed={list.isError && !list.data}
            fetching={list.isFetching}
            stale={list.isPlaceholderData}
            filtered={Boolean(searchText.trim())}
            emptyLabel={t('emr.search.empty')}
            onClearFilters={() => setSearchText('')}
            onOpen={open}
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
      </Card>
    </Stack>
  );
}
