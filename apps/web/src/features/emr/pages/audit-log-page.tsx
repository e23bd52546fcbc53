import { ALL_ACCESS_ROLES } from '@klinikita/domain/access/roles';
import { Alert, Card, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLock, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { ListFooter } from '../../../shared/ui/paged-table.tsx';
import { useAuditLog, useRecordPatients } from '../api/record-api.ts';
import { AuditTable } from '../components/audit-table.tsx';
import { actionKey, titledName } from '../format.ts';

const PAGE_SIZE = 50;
/** The record's audited actions (api.md); the list also shows other actions under their own name. */
const ACTIONS = [
  'record.read',
  'encounter.open',
  'encounter.save',
  'encounter.finish',
  'encounter.addendum',
  'encounter.print',
  'letter.create',
  'letter.print',
] as const;

/** `/Setting/others`: the audit log (Log Audit) for Super Admin, by action and patient. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const allowed = ALL_ACCESS_ROLES.includes(user.role.role);
  const [action, setAction] = useState<string | null>(null);
  const [patientId, setPatientId] = useState<string | null>(null);
  const [patientSearch, setPatientSearch] = useState('');
  const [search] = useDebouncedValue(patientSearch.trim(), 300);
  const patients = useRecordPatients(
    { search: search || undefined, page: 1, limit: 10 },
    allowed && search.length > 1,
  );
  const filterKey = JSON.stringify([action, patientId]);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const log = useAuditLog(
    { action: action ?? undefined, patientId: patientId ?? undefined, page, limit: PAGE_SIZE },
    allowed,
  );
  const refused = log.error instanceof ApiError && log.error.status === 403;

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('emr.audit.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('emr.audit.subtitle')}
        </Text>
      </div>
      {!allowed || refused ? (
        <Alert color="gray" icon={<IconLock size={18} />} title={t('emr.audit.onlyTitle')}>
          {refused && log.error instanceof ApiError ? log.error.message : t('emr.audit.only')}
        </Alert>
      ) : (
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <Select
                w={240}
                label={t('emr.audit.filterAction')}
                placeholder={t('emr.audit.allActions')}
                clearable
                data={ACTIONS.map((a) => ({ value: a, label: t(`emr.audit.actions.${actionKey(a)}`) }))}
                value={action}
                onChange={setAction}
              />
              <Select
                flex="1 1 280px"
                label={t('emr.audit.filterPatient')}
                placeholder={t('emr.audit.filterPatientHint')}
                searchable
                clearable
                leftSection={<IconSearch size={14} />}
                rightSection={patients.isFetching ? <Loader size={14} /> : undefined}
                nothingFoundMessage={search.length > 1 ? t('emr.search.empty') : t('emr.audit.typeToSearch')}
                filter={({ options }) => options}
                data={(patients.data?.docs ?? []).map((p) => ({
                  value: p.uid,
                  label: `${titledName(p)} · ${p.mrn}`,
                }))}
                value={patientId}
                searchValue={patientSearch}
                onSearchChange={setPatientSearch}
                onChange={setPatientId}
              />
            </Group>
            <AuditTable
              data={log.data}
              loading={log.isLoading}
              failed={log.isError && !log.data}
              fetching={log.isFetching}
              stale={log.isPlaceholderData}
              filtered={Boolean(action || patientId)}
              onClearFilters={() => {
                setAction(null);
                setPatientId(null);
                setPatientSearch('');
              }}
              showPatient
            />
            {log.data && (
              <ListFooter
                page={log.data.page}
                totalPages={log.data.totalPages}
                limit={log.data.limit}
                totalDocs={log.data.totalDocs}
                onPage={(next) => setPaging({ key: filterKey, page: next })}
              />
            )}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
