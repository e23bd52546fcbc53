import { guardRedirect } from '@klinikita/domain/access/guards';
import { Card, Drawer, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { ListFooter } from '../../../shared/ui/paged-table.tsx';
import type { RecordPatient } from '../api/record-api.ts';
import { PatientRecord } from '../components/patient-record.tsx';
import { RecordPatientTable } from '../components/record-patient-table.tsx';
import { detailPath, useRecordSearch } from '../components/use-record-search.ts';
import { titledName } from '../format.ts';

/**
 * `/Doctor/patient`: the patients this doctor has seen, latest first. A row opens the full record
 * (/EMR/Detail) for those who may open it; for a doctor without the record menu it opens the
 * same record in a drawer here, so the doctor still reads their own patients' history.
 */
export function DoctorPatientsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionUser();
  const canOpenEmr =
    guardRedirect({ role: user.role.role, access: user.role.menu.access }, '/EMR/Detail/x') === null;
  const { searchText, setSearchText, list, setPage } = useRecordSearch(true);
  const [drawer, setDrawer] = useState<RecordPatient | null>(null);
  const open = (p: RecordPatient) => (canOpenEmr ? navigate(detailPath(p)) : setDrawer(p));
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('emr.mine.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('emr.mine.subtitle')}
        </Text>
      </div>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <TextInput
            type="search"
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
          <RecordPatientTable
            label={t('emr.mine.list')}
            data={list.data}
            loading={list.isLoading}
            failed={list.isError && !list.data}
            fetching={list.isFetching}
            stale={list.isPlaceholderData}
            filtered={Boolean(searchText.trim())}
            emptyLabel={t('emr.mine.empty')}
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
      <Drawer
        opened={drawer !== null}
        onClose={() => setDrawer(null)}
        position="right"
        size="75%"
        title={drawer ? titledName(drawer) : ''}
      >
        {drawer && <PatientRecord patientUid={drawer.uid} />}
      </Drawer>
    </Stack>
  );
}
