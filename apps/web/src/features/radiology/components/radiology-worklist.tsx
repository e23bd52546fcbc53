import { RAD_WORK_STATUSES, type RadWorkStatus } from '@klinikita/domain/radiology/radiology.schema';
import {
  Alert,
  Badge,
  Card,
  Group,
  Loader,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkingClinic } from '../../../shared/session/working-clinic.ts';
import { useRadiologyWorklist } from '../api/radiology-api.ts';
import { RadiologyStatusBadge } from './radiology-status.tsx';

const LIMIT = 20;

/** The clinic's radiology visits of a day: accession, modality, examination, report status; a row opens the visit. */
export function RadiologyWorklist({ onOpen }: { onOpen: (registrationId: string) => void }) {
  const { t } = useTranslation();
  const { clinic } = useWorkingClinic();
  const [date, setDate] = useState('');
  const [status, setStatus] = useState<'all' | RadWorkStatus>('all');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const list = useRadiologyWorklist({
    clinicId: clinic?.id ?? 0,
    date: date || undefined,
    status: status === 'all' ? undefined : status,
    search: debounced || undefined,
    page,
    limit: LIMIT,
  });
  const data = list.data;
  return (
    <Card withBorder padding="md" data-testid="radiology-worklist">
      <Group justify="space-between" mb="sm" align="flex-end">
        <div>
          <Text fw={600}>{t('radiology.worklist.subtitle')}</Text>
          {data && (
            <Text size="xs" c="dimmed">
              {t('radiology.worklist.total', { count: data.totalDocs })}
            </Text>
          )}
        </div>
        <Group gap="sm" align="flex-end">
          <TextInput
            type="date"
            label={t('radiology.worklist.date')}
            value={date}
            onChange={(e) => {
              setDate(e.currentTarget.value);
              setPage(1);
            }}
          />
          <TextInput
            label={t('radiology.worklist.search')}
            aria-label={t('radiology.worklist.search')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={260}
          />
        </Group>
      </Group>
      <SegmentedControl
        mb="sm"
        aria-label={t('radiology.worklist.status')}
        value={status}
        onChange={(v) => {
          setStatus(v as typeof status);
          setPage(1);
        }}
        data={[
          { value: 'all', label: t('radiology.worklist.all') },
          ...RAD_WORK_STATUSES.map((s) => ({ value: s, label: t(`radiology.status.${s}`) })),
        ]}
      />
      {list.isLoading && <Loader size="sm" />}
      {list.isError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />}>
          {t('radiology.worklist.loadFailed')}
        </Alert>
      )}
      {data && data.docs.length === 0 && (
        <Text size="sm" c="dimmed" py="md">
          {t('radiology.worklist.empty')}
        </Text>
      )}
      {data && data.docs.length > 0 && (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={760}>
            <Table highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('radiology.worklist.queue')}</Table.Th>
                  <Table.Th>{t('radiology.worklist.patient')}</Table.Th>
                  <Table.Th>{t('radiology.worklist.accession')}</Table.Th>
                  <Table.Th>{t('radiology.worklist.modality')}</Table.Th>
                  <Table.Th>{t('radiology.worklist.examination')}</Table.Th>
                  <Table.Th>{t('radiology.worklist.report')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.docs.map((row) => (
                  <Table.Tr
                    key={row.registrationId}
                    style={{ cursor: 'pointer' }}
                    onClick={() => onOpen(row.registrationId)}
                    data-testid="radiology-row"
                  >
                    <Table.Td ff="monospace">{row.queueNumber}</Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {row.patient.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {row.patient.mrn}
                      </Text>
                    </Table.Td>
                    <Table.Td ff="monospace">{row.accessionNumber}</Table.Td>
                    <Table.Td>
                      <Badge variant="outline" title={t(`radiology.modality.${row.modality}`)}>
                        {row.modality}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6}>
                        {row.cito && (
                          <Badge color="red" size="sm">
                            {t('radiology.page.cito')}
                          </Badge>
                        )}
                        <Text size="sm">{row.examination}</Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6}>
                        <RadiologyStatusBadge status={row.status} />
                        {row.amended && (
                          <Badge color="orange" variant="light" size="sm">
                            {t('radiology.worklist.amended')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data.totalPages > 1 && (
            <Pagination value={page} onChange={setPage} total={data.totalPages} size="sm" />
          )}
        </Stack>
      )}
    </Card>
  );
}
