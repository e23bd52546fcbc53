import { Badge, Card, Center, Group, Loader, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../shared/registrations/status-badge.tsx';
import { useTreatmentVisits } from '../api/treatment-api.ts';

/**
 * The treatment room's worklist: the clinic's TREATMENT visits of the day picked (today first),
 * searched by name, MRN or queue number, paged; a click opens the visit.
 */
export function TreatmentWorklist({
  clinicId,
  today,
  selected,
  onSelect,
}: {
  clinicId: number;
  /** The clinic's today, yyyy-mm-dd. */
  today: string;
  selected: string | null;
  onSelect: (registrationId: string) => void;
}) {
  const { t } = useTranslation();
  const [date, setDate] = useState(today);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const list = useTreatmentVisits({
    clinicId,
    date,
    search: debounced || undefined,
    page,
  });
  const data = list.data;
  return (
    <Card withBorder padding="sm" component="section" aria-label={t('treatment.page.title')}>
      <Stack gap="xs">
        <Group gap="xs" grow>
          <TextInput
            type="date"
            label={t('treatment.page.date')}
            value={date}
            onChange={(e) => {
              setDate(e.currentTarget.value || today);
              setPage(1);
            }}
          />
          <TextInput
            label={t('treatment.page.searchLabel')}
            placeholder={t('treatment.page.search')}
            leftSection={<IconSearch size={16} />}
            value={search}
            maxLength={60}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
        </Group>
        {list.isLoading ? (
          <Center py="md">
            <Loader size="sm" />
          </Center>
        ) : !data ? (
          <Text size="sm" c="red">
            {t('treatment.page.loadFailed')}
          </Text>
        ) : data.docs.length === 0 ? (
          <Text size="sm" c="dimmed" py="md" ta="center">
            {t('treatment.page.empty')}
          </Text>
        ) : (
          <Table highlightOnHover fz="sm" aria-label={t('treatment.page.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('treatment.page.queue')}</Table.Th>
                <Table.Th>{t('treatment.page.patient')}</Table.Th>
                <Table.Th>{t('treatment.page.status')}</Table.Th>
                <Table.Th ta="right">{t('treatment.page.procedures')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.docs.map((v) => (
                <Table.Tr
                  key={v.registrationId}
                  onClick={() => onSelect(v.registrationId)}
                  style={{ cursor: 'pointer' }}
                  bg={v.registrationId === selected ? 'blue.0' : undefined}
                  aria-selected={v.registrationId === selected}
                  data-testid="treatment-row"
                >
                  <Table.Td ff="monospace" fw={700}>
                    {v.queueNumber}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {v.patient.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {v.patient.mrn}
                    </Text>
                    {v.orderText && (
                      <Text size="xs" c="teal.8" lineClamp={1}>
                        {v.orderText}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={v.status} size="xs" />
                  </Table.Td>
                  <Table.Td ta="right">
                    {v.procedures > 0 ? (
                      <Badge color="teal" variant="light">
                        {v.procedures}
                      </Badge>
                    ) : (
                      <Text size="xs" c="dimmed">
                        0
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {data && data.totalPages > 1 && (
          <Group justify="center">
            <Pagination size="sm" total={data.totalPages} value={page} onChange={setPage} />
          </Group>
        )}
      </Stack>
    </Card>
  );
}
