import { Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import {
  confirmToggle,
  type ListColumn,
  ListPage,
  statusColumns,
  toggleFeedback,
} from '../../../shared/ui/list-page.tsx';
import { useClinicChoices } from '../api/reference-data.ts';
import { type StaffRow, useSetStaffActive, useStaffList } from '../api/staff.ts';
import { PAGE_SIZE, useMasterFilters } from '../components/master-list.tsx';
import { StaffFormModal } from '../components/staff-form-modal.tsx';

/** `/Setting/employee`: the staff of the caller's clinics, searched and paged on the server. */
export function StaffPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const clinics = useClinicChoices(user.corpId);
  const list = useMasterFilters(clinics.data ?? []);
  const staff = useStaffList({ ...list.query, active: list.flag, page: list.page, limit: PAGE_SIZE });
  const [form, setForm] = useState<{ uidEmployee: string | null } | null>(null);
  const setActive = useSetStaffActive();

  function toggle(row: StaffRow) {
    const activate = !row.active;
    confirmToggle({
      activate,
      title: activate ? t('masterWeb.staff.reactivateTitle') : t('masterWeb.staff.deactivateTitle'),
      message: t(activate ? 'masterWeb.staff.reactivateConfirm' : 'masterWeb.staff.deactivateConfirm', {
        name: row.name,
      }),
      confirm: activate ? t('masterWeb.staff.reactivate') : t('masterWeb.staff.deactivate'),
      cancel: t('masterWeb.common.cancel'),
      onConfirm: () => setActive.mutate({ uidEmployee: row.uidEmployee, active: activate }, toggleFeedback),
    });
  }

  const columns: ListColumn<StaffRow>[] = [
    {
      key: 'name',
      header: t('masterWeb.staff.colName'),
      cell: (s) => (
        <>
          <Text size="sm" fw={500}>
            {s.name}
          </Text>
          <Text size="xs" c="dimmed">
            {[s.username, s.email].filter(Boolean).join(' · ')}
          </Text>
        </>
      ),
    },
    {
      key: 'role',
      header: t('masterWeb.staff.colRole'),
      cell: (s) => <Text size="sm">{s.role?.role ?? '–'}</Text>,
    },
    {
      key: 'clinic',
      header: t('masterWeb.staff.colClinic'),
      cell: (s) => <Text size="sm">{s.clinicName ?? '–'}</Text>,
    },
    {
      key: 'phone',
      header: t('masterWeb.staff.colPhone'),
      cell: (s) => <Text size="sm">{s.phoneNumber || '–'}</Text>,
    },
    ...statusColumns<StaffRow>({
      headers: { status: t('masterWeb.staff.colStatus'), actions: t('masterWeb.common.actions') },
      active: (s) => s.active,
      name: (s) => s.name,
      badge: [t('masterWeb.staff.active'), t('masterWeb.staff.inactive')],
      edit: { label: t('masterWeb.common.edit'), onClick: (s) => setForm({ uidEmployee: s.uidEmployee }) },
      toggle: {
        on: t('masterWeb.staff.reactivate'),
        off: t('masterWeb.staff.deactivate'),
        // nobody switches their own account off
        disabled: (s) => s.uidEmployee === user.uidEmployee,
        onClick: toggle,
      },
    }),
  ];

  return (
    <ListPage
      title={t('masterWeb.staff.title')}
      subtitle={t('masterWeb.staff.subtitle')}
      {...list.listProps(t('masterWeb.staff.searchPlaceholder'))}
      add={{ label: t('masterWeb.staff.add'), onClick: () => setForm({ uidEmployee: null }) }}
      table={{ label: t('masterWeb.staff.list'), minWidth: 860 }}
      columns={columns}
      rowKey={(s) => s.uidEmployee}
      query={staff}
      emptyLabel={t('masterWeb.staff.empty')}
    >
      {form && (
        <StaffFormModal
          uidEmployee={form.uidEmployee}
          clinics={clinics.data ?? []}
          onClose={() => setForm(null)}
        />
      )}
    </ListPage>
  );
}
