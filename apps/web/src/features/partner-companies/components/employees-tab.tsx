import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useFilterPage } from '../../../shared/ui/list-page.tsx';
import {
  type CoveredEmployee,
  type EmployeeImportResult,
  templateUrl,
  useDeactivateEmployee,
  useEmployees,
  useImportEmployees,
} from '../api/partner-companies-api.ts';
import { formatDay, serverErrors } from './company-format.ts';
import { EmployeeForm } from './employee-form.tsx';

/** The employees a company covers: searched, paged, added, changed, imported from xlsx with a row report. */
export function EmployeesTab({ companyUid }: { companyUid: string }) {
  const { t } = useTranslation();
  const s = (key: string, params: Record<string, unknown> = {}) =>
    t(`partnerCompanies.screen.${key}`, params);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [page, setPage] = useFilterPage(search);
  const employees = useEmployees(companyUid, { search: search || undefined, page, limit: 20 });
  const [editing, setEditing] = useState<CoveredEmployee | 'new' | null>(null);
  const [report, setReport] = useState<EmployeeImportResult | null>(null);
  const importer = useImportEmployees();
  const deactivate = useDeactivateEmployee();
  const docs = employees.data?.docs ?? [];

  function upload(file: File | null) {
    if (!file) return;
    importer.mutate(
      { uid: companyUid, file },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', message: translateMessage(answer.message) });
          setReport(answer.data ?? null);
        },
        onError: (error) => {
          const mapped = serverErrors(error);
          if (mapped)
            notifications.show({ color: 'orange', message: translateMessage(Object.values(mapped)[0]) });
        },
      },
    );
  }

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          flex="1 1 240px"
          type="search"
          aria-label={s('searchEmployee')}
          placeholder={s('searchEmployee')}
          leftSection={<IconSearch size={14} />}
          maxLength={100}
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
        />
        <Anchor href={templateUrl()} size="sm" download>
          {s('template')}
        </Anchor>
        <FileButton
          onChange={upload}
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        >
          {(props) => (
            <Button {...props} size="xs" variant="light" loading={importer.isPending}>
              {s('import')}
            </Button>
          )}
        </FileButton>
        <Button size="xs" onClick={() => setEditing('new')}>
          {s('addEmployee')}
        </Button>
      </Group>
      {report && (
        <Alert
          color={report.rejected ? 'orange' : 'teal'}
          title={s('importReport')}
          withCloseButton
          onClose={() => setReport(null)}
        >
          <Text size="sm">{s('importSummary', report)}</Text>
          {report.issues.length > 0 && (
            <Table mt="xs" aria-label={s('importReport')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{s('colRow')}</Table.Th>
                  <Table.Th>{s('colField')}</Table.Th>
                  <Table.Th>{s('colMessage')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.issues.map((issue) => (
                  <Table.Tr key={`${issue.row}-${issue.field}`}>
                    <Table.Td>{issue.row}</Table.Td>
                    <Table.Td>
                      {t(`partnerCompanies.columns.${issue.field}`, { defaultValue: issue.field })}
                    </Table.Td>
                    <Table.Td>{issue.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={760}>
        <Table striped aria-label={s('tabEmployees')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{s('employeeNumber')}</Table.Th>
              <Table.Th>{s('employeeName')}</Table.Th>
              <Table.Th>{s('nik')}</Table.Th>
              <Table.Th>{s('birthDate')}</Table.Th>
              <Table.Th>{s('department')}</Table.Th>
              <Table.Th>{s('patientLink')}</Table.Th>
              <Table.Th>{s('colStatus')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {docs.map((e) => (
              <Table.Tr key={e.uid}>
                <Table.Td>{e.employeeNumber}</Table.Td>
                <Table.Td>
                  {e.name} ({e.sex === 'M' ? 'L' : 'P'})
                </Table.Td>
                <Table.Td>{e.nik}</Table.Td>
                <Table.Td>{formatDay(e.birthDate)}</Table.Td>
                <Table.Td>{e.department ?? '–'}</Table.Td>
                <Table.Td>{e.patient ? e.patient.mrn : s('noPatient')}</Table.Td>
                <Table.Td>
                  <Badge color={e.active ? 'teal' : 'gray'} variant="light">
                    {e.active ? s('active') : s('inactive')}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Button size="compact-xs" variant="light" onClick={() => setEditing(e)}>
                      {s('edit')}
                    </Button>
                    {e.active && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        loading={deactivate.isPending && deactivate.variables?.params.employeeUid === e.uid}
                        onClick={() => deactivate.mutate({ params: { uid: companyUid, employeeUid: e.uid } })}
                      >
                        {s('deactivate')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {employees.isSuccess && docs.length === 0 && (
        <Text c="dimmed" size="sm">
          {s('employeesEmpty')}
        </Text>
      )}
      {employees.isError && <Alert color="red">{s('loadFailed')}</Alert>}
      {(employees.data?.totalPages ?? 1) > 1 && (
        <Pagination value={page} onChange={setPage} total={employees.data?.totalPages ?? 1} size="sm" />
      )}
      {editing && (
        <EmployeeForm
          companyUid={companyUid}
          employee={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
