import { guardRedirect } from '@klinikita/domain/access/guards';
import type { PatientListRow, PatientSummary } from '@klinikita/domain/patients/patient.schema';
import { Button, Group, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePatientList } from '../../../shared/patients/patients-api.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { type ListColumn, ListPage, useFilterPage } from '../../../shared/ui/list-page.tsx';

const SEARCH_DEBOUNCE_MS = 300;
export const PAGE_SIZE = 20;

/** NIK for citizens, the passport for foreigners without one. */
function identityOf(p: PatientSummary, passportLabel: (passport: string) => string) {
  if (p.nik) return p.nik;
  return p.passport ? passportLabel(p.passport) : '–';
}

/** `/MasterPasien`: the corporate's patients, searched and paged on the server. */
export function PatientListPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  // /patient: the same list for clinical staff, under the menu's own name
  const clinical = useLocation().pathname === '/patient';
  // on /patient (clinical staff) adding and editing show only to those who may open Master Pasien
  const canEdit =
    guardRedirect({ role: user.role.role, access: user.role.menu.access }, '/MasterPasien/add') === null;
  const [searchText, setSearchText] = useState('');
  const [clinicId, setClinicId] = useState<string | null>(null);
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useFilterPage(JSON.stringify([search, clinicId]));
  const list = usePatientList({
    search: search || undefined,
    clinicId: clinicId ? Number(clinicId) : undefined,
    page,
    limit: PAGE_SIZE,
  });

  const text = (value: string) => <Text size="sm">{value}</Text>;
  const columns: ListColumn<PatientListRow>[] = [
    {
      key: 'mrn',
      header: t('patients.web.colMrn'),
      cell: (p) => (
        <Text size="sm" ff="monospace">
          {p.mrn}
        </Text>
      ),
    },
    {
      key: 'name',
      header: t('patients.web.colName'),
      cell: (p) => (
        <>
          <Text size="sm" fw={500}>
            {p.title ? `${p.title}. ${p.name}` : p.name}
          </Text>
          <Text size="xs" c="dimmed">
            {p.dob}
          </Text>
        </>
      ),
    },
    {
      key: 'sex',
      header: t('patients.web.colSex'),
      cell: (p) => (
        <Text size="sm" title={t(`patients.web.sex${p.sex}`)}>
          {t(`patients.web.sexShort${p.sex}`)}
        </Text>
      ),
    },
    {
      key: 'age',
      header: t('patients.web.colAge'),
      td: { miw: 90 },
      cell: (p) => text(t('patients.web.age', p.age)),
    },
    {
      key: 'identity',
      header: t('patients.web.colIdentity'),
      cell: (p) => text(identityOf(p, (passport) => t('patients.web.passportShort', { passport }))),
    },
    { key: 'phone', header: t('patients.web.colPhone'), cell: (p) => text(p.phone || '–') },
    {
      key: 'payer',
      header: t('patients.web.colPayer'),
      cell: (p) => text(t(`patients.web.payer${p.payerType}`)),
    },
    { key: 'clinic', header: t('patients.web.colClinic'), cell: (p) => text(p.clinicName ?? '–') },
    {
      key: 'actions',
      header: t('patients.web.actions'),
      th: { ta: 'right' },
      cell: (p) => (
        <Group justify="flex-end" wrap="nowrap">
          {/* the server says per row: a clinic that never saw the patient does not change them */}
          {canEdit && p.mayChange && (
            <Button
              component={Link}
              to={`/MasterPasien/edit?id=${encodeURIComponent(p.uid)}`}
              size="compact-sm"
              variant="default"
              aria-label={t('patients.web.editPatient', { name: p.name })}
            >
              {t('patients.web.edit')}
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <ListPage
      title={t(clinical ? 'menu.patients' : 'patients.web.title')}
      subtitle={t(clinical ? 'patients.web.clinicalSubtitle' : 'patients.web.subtitle')}
      search={{
        value: searchText,
        onChange: setSearchText,
        placeholder: t('patients.web.searchPlaceholder'),
        label: t('patients.web.search'),
        basis: '280px',
      }}
      filters={
        user.clinics.length > 0 && (
          <Select
            w={220}
            aria-label={t('patients.web.clinicFilter')}
            placeholder={t('patients.web.allClinics')}
            clearable
            searchable
            data={user.clinics.map((c) => ({ value: String(c.id), label: c.name }))}
            value={clinicId}
            onChange={setClinicId}
          />
        )
      }
      add={canEdit ? { label: t('patients.web.add'), to: '/MasterPasien/add' } : null}
      table={{ label: t('patients.web.list'), minWidth: 1000 }}
      columns={columns}
      rowKey={(p) => p.uid}
      query={list}
      filtered={Boolean(searchText.trim() || clinicId)}
      emptyLabel={t('patients.web.empty')}
      onClearFilters={() => {
        setSearchText('');
        setClinicId(null);
      }}
      onPage={setPage}
    />
  );
}
