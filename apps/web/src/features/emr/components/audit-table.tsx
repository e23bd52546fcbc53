import { Anchor, Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { PagedTable, TableState } from '../../../shared/ui/paged-table.tsx';
import type { AuditEntry, Paged } from '../api/record-api.ts';
import { actionKey } from '../format.ts';

const ACTION_COLORS: Record<string, string> = {
  'record.read': 'gray',
  'encounter.print': 'blue',
  'letter.print': 'blue',
  'letter.create': 'teal',
  'encounter.finish': 'teal',
  'encounter.addendum': 'yellow',
};

/** Audit entries: when, who (and their role), where, what, about whom, from which address. */
export function AuditTable({
  data,
  loading,
  failed,
  fetching,
  stale,
  filtered,
  onClearFilters,
  showPatient,
}: {
  data: Paged<AuditEntry> | undefined;
  loading: boolean;
  failed: boolean;
  fetching: boolean;
  stale: boolean;
  filtered: boolean;
  onClearFilters: () => void;
  showPatient: boolean;
}) {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const locale = currentLocale();
  const clinicName = (id: number | null) =>
    id == null ? '–' : (user.clinics.find((c) => c.id === id)?.name ?? `#${id}`);
  const docs = data?.docs ?? [];
  const columns = showPatient ? 6 : 5;
  return (
    <PagedTable
      label={t('emr.audit.table')}
      minWidth={showPatient ? 1000 : 820}
      fetching={fetching}
      stale={stale}
      head={
        <>
          <Table.Th>{t('emr.audit.at')}</Table.Th>
          <Table.Th>{t('emr.audit.user')}</Table.Th>
          <Table.Th>{t('emr.audit.clinic')}</Table.Th>
          <Table.Th>{t('emr.audit.action')}</Table.Th>
          {showPatient && <Table.Th>{t('emr.audit.patient')}</Table.Th>}
          <Table.Th>{t('emr.audit.ip')}</Table.Th>
        </>
      }
    >
      <TableState
        columns={columns}
        loading={loading}
        failed={failed}
        empty={docs.length === 0}
        filtered={filtered}
        emptyLabel={t('emr.audit.empty')}
        onClearFilters={onClearFilters}
      />
      {docs.map((a) => (
        <Table.Tr key={a.id}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(a.at, locale, user.timeZone)}</Table.Td>
          <Table.Td>
            <Text size="sm">{a.user?.name ?? '–'}</Text>
            {a.user && (
              <Text size="xs" c="dimmed">
                {a.user.role}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <Text size="sm">{clinicName(a.clinicId)}</Text>
          </Table.Td>
          <Table.Td>
            <Badge
              variant="light"
              radius="sm"
              color={ACTION_COLORS[a.action] ?? 'gray'}
              style={{ textTransform: 'none' }}
              title={a.action}
            >
              {i18n.exists(`emr.audit.actions.${actionKey(a.action)}`)
                ? t(`emr.audit.actions.${actionKey(a.action)}`)
                : a.action}
            </Badge>
          </Table.Td>
          {showPatient && (
            <Table.Td>
              {a.patient ? (
                <>
                  <Anchor component={Link} to={`/EMR/Detail/${encodeURIComponent(a.patient.uid)}`} size="sm">
                    {a.patient.name}
                  </Anchor>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {a.patient.mrn}
                  </Text>
                </>
              ) : (
                '–'
              )}
            </Table.Td>
          )}
          <Table.Td>
            <Text size="sm" ff="monospace">
              {a.ip ?? '–'}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </PagedTable>
  );
}
