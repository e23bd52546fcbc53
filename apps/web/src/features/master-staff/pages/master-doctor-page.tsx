import { Badge, Group, Text } from '@mantine/core';
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
import { type MasterDoctorRow, useMasterDoctors, useUpdateDoctor } from '../api/doctors.ts';
import { useClinicChoices } from '../api/reference-data.ts';
import { DoctorFormModal } from '../components/doctor-form-modal.tsx';
import { PAGE_SIZE, useMasterFilters } from '../components/master-list.tsx';

/** `/MasterDokter`: the corporate's doctors, searched and paged on the server. */
export function MasterDoctorPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const clinics = useClinicChoices(user.corpId);
  const list = useMasterFilters(clinics.data ?? []);
  const doctors = useMasterDoctors({ ...list.query, enabled: list.flag, page: list.page, limit: PAGE_SIZE });
  const [form, setForm] = useState<{ doctorId: number | null } | null>(null);
  const update = useUpdateDoctor();

  function toggle(doctor: MasterDoctorRow) {
    const enable = !doctor.enabled;
    confirmToggle({
      activate: enable,
      title: enable ? t('masterWeb.doctors.enableTitle') : t('masterWeb.doctors.disableTitle'),
      message: t(enable ? 'masterWeb.doctors.enableConfirm' : 'masterWeb.doctors.disableConfirm', {
        name: doctor.name,
      }),
      confirm: enable ? t('masterWeb.doctors.enable') : t('masterWeb.doctors.disable'),
      cancel: t('masterWeb.common.cancel'),
      onConfirm: () =>
        update.mutate(
          // the list rows carry no login id; the server finds the doctor's login itself
          { doctorId: doctor.doctorId, updateData: { enabled: enable } },
          toggleFeedback,
        ),
    });
  }

  const columns: ListColumn<MasterDoctorRow>[] = [
    {
      key: 'name',
      header: t('masterWeb.doctors.colName'),
      cell: (d) => (
        <>
          <Text size="sm" fw={500}>
            {d.name}
          </Text>
          {d.title && (
            <Text size="xs" c="dimmed">
              {d.title}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'specialist',
      header: t('masterWeb.doctors.colSpecialist'),
      cell: (d) => <Text size="sm">{d.specialist ?? '–'}</Text>,
    },
    {
      key: 'clinics',
      header: t('masterWeb.doctors.colClinics'),
      cell: (d) => (
        <Group gap={4}>
          {d.clinics.map((c) => (
            <Badge key={c.id} size="sm" variant="light" color="gray" tt="none">
              {c.name}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'phone',
      header: t('masterWeb.doctors.colPhone'),
      cell: (d) => <Text size="sm">{d.mobilePhone || '–'}</Text>,
    },
    ...statusColumns<MasterDoctorRow>({
      headers: { status: t('masterWeb.doctors.colStatus'), actions: t('masterWeb.common.actions') },
      active: (d) => d.enabled,
      name: (d) => d.name,
      badge: [t('masterWeb.doctors.enabled'), t('masterWeb.doctors.disabled')],
      edit: { label: t('masterWeb.common.edit'), onClick: (d) => setForm({ doctorId: d.doctorId }) },
      toggle: {
        on: t('masterWeb.doctors.enable'),
        off: t('masterWeb.doctors.disable'),
        // nobody switches their own account off
        disabled: (d) => d.doctorId === user.DoctorId,
        onClick: toggle,
      },
    }),
  ];

  return (
    <ListPage
      title={t('masterWeb.doctors.title')}
      subtitle={t('masterWeb.doctors.subtitle')}
      {...list.listProps(t('masterWeb.doctors.searchPlaceholder'))}
      add={{ label: t('masterWeb.doctors.add'), onClick: () => setForm({ doctorId: null }) }}
      table={{ label: t('masterWeb.doctors.list'), minWidth: 860 }}
      columns={columns}
      rowKey={(d) => d.doctorId}
      query={doctors}
      emptyLabel={t('masterWeb.doctors.empty')}
    >
      {form && (
        <DoctorFormModal
          doctorId={form.doctorId}
          clinics={clinics.data ?? []}
          onClose={() => setForm(null)}
        />
      )}
    </ListPage>
  );
}
