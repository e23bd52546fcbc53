import { guardRedirect } from '@klinikita/domain/access/guards';
import type { PatientSummary } from '@klinikita/domain/patients/patient.schema';
import { Button, Card, Group, Loader, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePatientList } from '../../../shared/patients/patients-api.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { ListFooter, PagedTable, TableState } from '../../../shared/ui/paged-table.tsx';

const SEARCH_DEBOUNCE_MS = 300;
export const PAGE_SIZE = 20;
const COLUMNS = 9;

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
  // another search or clinic starts again from its first page
  const filterKey = JSON.stringify([search, clinicId]);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const list = usePatientList({
    search: search || undefined,
    clinicId: clinicId ? Number(clinicId) : undefined,
    page,
    limit: PAGE_SIZE,
  });
  const docs = list.data?.docs ?? [];
  const filtered = Boolean(searchText.trim() || clinicId);

  const clearFilters = () => {
    setSearchText('');
    setClinicId(null);
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t(clinical ? 'menu.patients' : 'patients.web.title')}</Title>
        <Text c="dimmed" size="sm">
          {t(clinical ? 'patients.web.clinicalSubtitle' : 'patients.web.subtitle')}
        </Text>
      </div>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              flex="1 1 280px"
              type="search"
              placeholder={t('patients.web.searchPlaceholder')}
              aria-label={t('patients.web.search')}
              leftSection={<IconSearch size={14} />}
              rightSection={list.isFetching && !list.isLoading ? <Loader size={14} /> : null}
              maxLength={100}
              value={searchText}
              onChange={(e) => setSearchText(e.currentTarget.value)}
            />
            {user.clinics.length > 0 && (
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
            )}
            {canEdit && (
              <Button component={Link} to="/MasterPasien/add" leftSection={<IconPlus size={14} />}>
                {t('patients.web.add')}
              </Button>
            )}
          </Group>
          <PagedTable
            label={t('patients.web.list')}
            minWidth={1000}
            fetching={list.isFetching}
            stale={list.isPlaceholderData}
            head={
              <>
                <Table.Th>{t('patients.web.colMrn')}</Table.Th>
                <Table.Th>{t('patients.web.colName')}</Table.Th>
                <Table.Th>{t('patients.web.colSex')}</Table.Th>
                <Table.Th>{t('patients.web.colAge')}</Table.Th>
                <Table.Th>{t('patients.web.colIdentity')}</Table.Th>
                <Table.Th>{t('patients.web.colPhone')}</Table.Th>
                <Table.Th>{t('patients.web.colPayer')}</Table.Th>
                <Table.Th>{t('patients.web.colClinic')}</Table.Th>
                <Table.Th ta="right">{t('patients.web.actions')}</Table.Th>
              </>
            }
          >
            <TableState
              columns={COLUMNS}
              loading={list.isLoading}
              failed={list.isError && !list.data}
              empty={docs.length === 0}
              filtered={filtered}
              emptyLabel={t('patients.web.empty')}
              onClearFilters={clearFilters}
            />
            {docs.map((p) => (
              <Table.Tr key={p.uid}>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {p.mrn}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {p.title ? `${p.title}. ${p.name}` : p.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {p.dob}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" title={t(`patients.web.sex${p.sex}`)}>
                    {t(`patients.web.sexShort${p.sex}`)}
                  </Text>
                </Table.Td>
                <Table.Td miw={90}>
                  <Text size="sm">{t('patients.web.age', p.age)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {identityOf(p, (passport) => t('patients.web.passportShort', { passport }))}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{p.phone || '–'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t(`patients.web.payer${p.payerType}`)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{p.clinicName ?? '–'}</Text>
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end" wrap="nowrap">
                    {canEdit && (
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
                </Table.Td>
              </Table.Tr>
            ))}
          </PagedTable>
          {list.data && (
            <ListFooter
              page={list.data.page}
              totalPages={list.data.totalPages}
              limit={list.data.limit}
              totalDocs={list.data.totalDocs}
              onPage={(next) => setPaging({ key: filterKey, page: next })}
            />
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
