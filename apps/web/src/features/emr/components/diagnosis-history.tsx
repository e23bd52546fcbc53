import { Badge, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import { HISTORY_LIMIT, useVisitHistory } from '../api/record-api.ts';
import { formatDate } from '../format.ts';

/** Every diagnosis over the visits, newest first, with the codes that come back most often. */
export function DiagnosisHistory({ patientUid }: { patientUid: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const history = useVisitHistory(patientUid, true);
  if (history.isLoading)
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  if (history.isError || !history.data)
    return (
      <Text size="sm" c="red">
        {t('web.common.loadFailed')}
      </Text>
    );
  const rows = history.data.docs.flatMap((e) => e.diagnoses.map((d) => ({ ...d, visit: e })));
  if (!rows.length)
    return (
      <Text size="sm" c="dimmed" py="md">
        {t('emr.diagnoses.empty')}
      </Text>
    );
  const counts = new Map<string, { title: string; count: number }>();
  for (const d of rows) counts.set(d.code, { title: d.title, count: (counts.get(d.code)?.count ?? 0) + 1 });
  const frequent = [...counts.entries()].sort((a, b) => b[1].count - a[1].count).slice(0, 8);
  return (
    <Stack gap="sm">
      {history.data.totalDocs > HISTORY_LIMIT && (
        <Text size="xs" c="dimmed">
          {t('emr.vitals.latest', { limit: HISTORY_LIMIT })}
        </Text>
      )}
      <Group gap={6}>
        <Text size="sm" c="dimmed">
          {t('emr.diagnoses.frequent')}
        </Text>
        {frequent.map(([code, { title, count }]) => (
          <Badge key={code} variant="light" radius="sm" title={title} style={{ textTransform: 'none' }}>
            {code} × {count}
          </Badge>
        ))}
      </Group>
      <Table.ScrollContainer minWidth={760} type="native">
        <Table striped verticalSpacing={4} aria-label={t('emr.diagnoses.table')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('emr.vitals.date')}</Table.Th>
              <Table.Th>{t('emr.diagnoses.code')}</Table.Th>
              <Table.Th>{t('emr.diagnoses.title')}</Table.Th>
              <Table.Th>{t('emr.diagnoses.kind')}</Table.Th>
              <Table.Th>{t('emr.diagnoses.doctor')}</Table.Th>
              <Table.Th>{t('emr.diagnoses.clinic')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((d) => (
              <Table.Tr key={`${d.visit.uid}-${d.code}`}>
                <Table.Td>{formatDate(d.visit.registration.queueDate, locale)}</Table.Td>
                <Table.Td ff="monospace">{d.code}</Table.Td>
                <Table.Td>{d.title}</Table.Td>
                <Table.Td>
                  {d.primary ? (
                    <Badge size="sm" color="teal" radius="sm">
                      {t('emr.visit.primary')}
                    </Badge>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('emr.diagnoses.secondary')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{d.visit.doctor?.name ?? '–'}</Table.Td>
                <Table.Td>{d.visit.clinic.name}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
