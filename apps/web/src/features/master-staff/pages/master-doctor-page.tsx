import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { ListFooter, PagedTable, TableState } from '../../../shared/ui/paged-table.tsx';
import { type MasterDoctorRow, useMasterDoctors, useUpdateDoctor } from '../api/doctors.ts';
import { useClinicChoices } from '../api/reference-data.ts';
import { DoctorFormModal } from '../components/doctor-form-modal.tsx';
import {
  filterQuery,
  hasFilters,
  type ListFilters,
  ListToolbar,
  NO_FILTERS,
  PAGE_SIZE,
  showActionFailure,
} from '../components/master-list.tsx';

const SEARCH_DEBOUNCE_MS = 300;
const COLUMNS = 6;

/** `/MasterDokter`: the corporate's doctors, searched and paged on the server. */
export function MasterDoctorPage() {
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
  const doctors = useMasterDoctors({ ...query, enabled: flag, page, limit: PAGE_SIZE });
  const [form, setForm] = useState<{ doctorId: number | null } | null>(null);
  const update = useUpdateDoctor();

  function confirmToggle(doctor: MasterDoctorRow) {
    const enable = !doctor.enabled;
    modals.openConfirmModal({
      title: enable ? t('masterWeb.doctors.enableTitle') : t('masterWeb.doctors.disableTitle'),
      children: (
        <Text size="sm">
          {t(enable ? 'masterWeb.doctors.enableConfirm' : 'masterWeb.doctors.disableConfirm', {
            name: doctor.name,
          })}
        </Text>
      ),
      labels: {
        confirm: enable ? t('masterWeb.doctors.enable') : t('masterWeb.doctors.disable'),
        cancel: t('masterWeb.common.cancel'),
      },
      confirmProps: { color: enable ? 'teal' : 'red' },
      onConfirm: () =>
        update.mutate(
          { doctorId: doctor.doctorId, userId: doctor.userId ?? undefined, updateData: { enabled: enable } },
          {
            onSuccess: (res) => notifications.show({ color: 'teal', message: translateMessage(res.message) }),
            onError: showActionFailure,
          },
        ),
    });
  }

  const docs = doctors.data?.docs ?? [];
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('masterWeb.doctors.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('masterWeb.doctors.subtitle')}
        </Text>
      </div>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <ListToolbar
            filters={filters}
            onChange={setFilters}
            clinics={clinics.data ?? []}
            searchPlaceholder={t('masterWeb.doctors.searchPlaceholder')}
            addLabel={t('masterWeb.doctors.add')}
            onAdd={() => setForm({ doctorId: null })}
            busy={doctors.isFetching && !doctors.isLoading}
          />
          <PagedTable
            label={t('masterWeb.doctors.list')}
            minWidth={860}
            fetching={doctors.isFetching}
            stale={doctors.isPlaceholderData}
            head={
              <>
                <Table.Th>{t('masterWeb.doctors.colName')}</Table.Th>
                <Table.Th>{t('masterWeb.doctors.colSpecialist')}</Table.Th>
                <Table.Th>{t('masterWeb.doctors.colClinics')}</Table.Th>
                <Table.Th>{t('masterWeb.doctors.colPhone')}</Table.Th>
                <Table.Th>{t('masterWeb.doctors.colStatus')}</Table.Th>
                <Table.Th ta="right">{t('masterWeb.common.actions')}</Table.Th>
              </>
            }
          >
            <TableState
              columns={COLUMNS}
              loading={doctors.isLoading}
              failed={doctors.isError && !doctors.data}
              empty={docs.length === 0}
              filtered={hasFilters(filters)}
              emptyLabel={t('masterWeb.doctors.empty')}
              onClearFilters={() => setFilters(NO_FILTERS)}
            />
            {docs.map((d) => (
              <Table.Tr key={d.doctorId}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {d.name}
                  </Text>
                  {d.title && (
                    <Text size="xs" c="dimmed">
                      {d.title}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{d.specialist ?? '–'}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {d.clinics.map((c) => (
                      <Badge key={c.id} size="sm" variant="light" color="gray" tt="none">
                        {c.name}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{d.mobilePhone || '–'}</Text>
                </Table.Td>
                {/* wide enough for the whole status word when the table is squeezed */}
                <Table.Td miw={96}>
                  <Badge size="sm" variant="light" color={d.enabled ? 'teal' : 'gray'}>
                    {d.enabled ? t('masterWeb.doctors.enabled') : t('masterWeb.doctors.disabled')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} justify="flex-end" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="default"
                      aria-label={`${t('masterWeb.common.edit')} ${d.name}`}
                      onClick={() => setForm({ doctorId: d.doctorId })}
                    >
                      {t('masterWeb.common.edit')}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="light"
                      color={d.enabled ? 'red' : 'teal'}
                      // nobody switches their own account off
                      disabled={d.doctorId === user.DoctorId}
                      aria-label={`${d.enabled ? t('masterWeb.doctors.disable') : t('masterWeb.doctors.enable')} ${d.name}`}
                      onClick={() => confirmToggle(d)}
                    >
                      {d.enabled ? t('masterWeb.doctors.disable') : t('masterWeb.doctors.enable')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </PagedTable>
          {doctors.data && (
            <ListFooter
              page={doctors.data.page}
              totalPages={doctors.data.totalPages}
              limit={doctors.data.limit}
              totalDocs={doctors.data.totalDocs}
              onPage={(next) => setPaging({ key: filterKey, page: next })}
            />
          )}
        </Stack>
      </Card>
      {form && (
        <DoctorFormModal
          doctorId={form.doctorId}
          clinics={clinics.data ?? []}
          onClose={() => setForm(null)}
        />
      )}
    </Stack>
  );
}
