import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { ListFooter, PagedTable, TableState } from '../../../shared/ui/paged-table.tsx';
import { useClinicChoices } from '../api/reference-data.ts';
import { type StaffRow, useSetStaffActive, useStaffList } from '../api/staff.ts';
import {
  filterQuery,
  hasFilters,
  type ListFilters,
  ListToolbar,
  NO_FILTERS,
  PAGE_SIZE,
  showActionFailure,
} from '../components/master-list.tsx';
import { StaffFormModal } from '../components/staff-form-modal.tsx';

const SEARCH_DEBOUNCE_MS = 300;
const COLUMNS = 6;

/** `/Setting/employee`: the staff of the caller's clinics, searched and paged on the server. */
export function StaffPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const clinics = useClinicChoices(user.corpId);
  const [filters, setFilters] = useState<ListFilters>(NO_FILTERS);
  const [search] = useDebouncedValue(filters.search, SEARCH_DEBOUNCE_MS);
  const { flag, ...query } = filterQuery(filters, search);
  // another search or filter starts again from its first page
  const filterKey = JSON.stringify([query, flag]);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const staff = useStaffList({ ...query, active: flag, page, limit: PAGE_SIZE });
  const [form, setForm] = useState<{ uidEmployee: string | null } | null>(null);
  const setActive = useSetStaffActive();

  function confirmToggle(row: StaffRow) {
    const activate = !row.active;
    modals.openConfirmModal({
      title: activate ? t('masterWeb.staff.reactivateTitle') : t('masterWeb.staff.deactivateTitle'),
      children: (
        <Text size="sm">
          {t(activate ? 'masterWeb.staff.reactivateConfirm' : 'masterWeb.staff.deactivateConfirm', {
            name: row.name,
          })}
        </Text>
      ),
      labels: {
        confirm: activate ? t('masterWeb.staff.reactivate') : t('masterWeb.staff.deactivate'),
        cancel: t('masterWeb.common.cancel'),
      },
      confirmProps: { color: activate ? 'teal' : 'red' },
      onConfirm: () =>
        setActive.mutate(
          { uidEmployee: row.uidEmployee, active: activate },
          {
            onSuccess: (res) => notifications.show({ color: 'teal', message: translateMessage(res.message) }),
            onError: showActionFailure,
          },
        ),
    });
  }

  const docs = staff.data?.docs ?? [];
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('masterWeb.staff.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('masterWeb.staff.subtitle')}
        </Text>
      </div>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <ListToolbar
            filters={filters}
            onChange={setFilters}
            clinics={clinics.data ?? []}
            searchPlaceholder={t('masterWeb.staff.searchPlaceholder')}
            addLabel={t('masterWeb.staff.add')}
            onAdd={() => setForm({ uidEmployee: null })}
            busy={staff.isFetching && !staff.isLoading}
          />
          <PagedTable
            label={t('masterWeb.staff.list')}
            minWidth={860}
            fetching={staff.isFetching}
            stale={staff.isPlaceholderData}
            head={
              <>
                <Table.Th>{t('masterWeb.staff.colName')}</Table.Th>
                <Table.Th>{t('masterWeb.staff.colRole')}</Table.Th>
                <Table.Th>{t('masterWeb.staff.colClinic')}</Table.Th>
                <Table.Th>{t('masterWeb.staff.colPhone')}</Table.Th>
                <Table.Th>{t('masterWeb.staff.colStatus')}</Table.Th>
                <Table.Th ta="right">{t('masterWeb.common.actions')}</Table.Th>
              </>
            }
          >
            <TableState
              columns={COLUMNS}
              loading={staff.isLoading}
              failed={staff.isError && !staff.data}
              empty={docs.length === 0}
              filtered={hasFilters(filters)}
              emptyLabel={t('masterWeb.staff.empty')}
              onClearFilters={() => setFilters(NO_FILTERS)}
            />
            {docs.map((s) => (
              <Table.Tr key={s.uidEmployee}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {s.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[s.username, s.email].filter(Boolean).join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{s.role?.role ?? '–'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{s.clinicName ?? '–'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{s.phoneNumber || '–'}</Text>
                </Table.Td>
                {/* wide enough for the whole status word when the table is squeezed */}
                <Table.Td miw={96}>
                  <Badge size="sm" variant="light" color={s.active ? 'teal' : 'gray'}>
                    {s.active ? t('masterWeb.staff.active') : t('masterWeb.staff.inactive')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} justify="flex-end" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="default"
                      aria-label={`${t('masterWeb.common.edit')} ${s.name}`}
                      onClick={() => setForm({ uidEmployee: s.uidEmployee })}
                    >
                      {t('masterWeb.common.edit')}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="light"
                      color={s.active ? 'red' : 'teal'}
                      // nobody switches their own account off
                      disabled={s.uidEmployee === user.uidEmployee}
                      aria-label={`${s.active ? t('masterWeb.staff.deactivate') : t('masterWeb.staff.reactivate')} ${s.name}`}
                      onClick={() => confirmToggle(s)}
                    >
                      {s.active ? t('masterWeb.staff.deactivate') : t('masterWeb.staff.reactivate')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </PagedTable>
          {staff.data && (
            <ListFooter
              page={staff.data.page}
              totalPages={staff.data.totalPages}
              limit={staff.data.limit}
              totalDocs={staff.data.totalDocs}
              onPage={(next) => setPaging({ key: filterKey, page: next })}
            />
          )}
        </Stack>
      </Card>
      {form && (
        <StaffFormModal
          uidEmployee={form.uidEmployee}
          clinics={clinics.data ?? []}
          onClose={() => setForm(null)}
        />
      )}
    </Stack>
  );
}
