import type { Locale } from '@klinikita/domain/i18n/locale';
import type { LabReport, LabWorkTest } from '@klinikita/domain/lab/lab-results.schema';
import { Badge, Card, Collapse, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { LabFlagBadge } from '../../../shared/lab/lab-results-flag.tsx';
import { formatResultNumber } from '../../../shared/lab/lab-results-model.ts';

function Version({
  report,
  tests,
  timeZone,
}: {
  report: LabReport;
  tests: readonly LabWorkTest[];
  timeZone?: string;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const lang = i18n.language;
  const locale: Locale = lang === 'en' ? 'en' : 'id';
  const parameters = new Map(tests.flatMap((test) => test.parameters).map((p) => [p.uid, p]));
  const rows = report.values.filter((v) => v.value !== null);
  const released = report.released;
  return (
    <Card withBorder padding={6} component="li" style={{ listStyle: 'none' }}>
      <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open} w="100%">
        <Group gap={6} wrap="nowrap">
          {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          <Text size="sm" fw={600}>
            {t('labResults.version', { version: report.version })}
          </Text>
          <Badge size="sm" variant="light" color="gray">
            {t(`labResults.status.${report.status}`)}
          </Badge>
          {released && (
            <Text size="xs" c="dimmed">
              {t('labResults.releasedBy', {
                name: released.name,
                time: formatDateTime(released.at, locale, timeZone),
              })}
            </Text>
          )}
        </Group>
      </UnstyledButton>
      <Collapse expanded={open}>
        {rows.length === 0 ? (
          <Text size="xs" c="dimmed" pl={20}>
            {t('labResults.historyEmpty')}
          </Text>
        ) : (
          <Table verticalSpacing={2} fz="xs" mt={4}>
            <Table.Tbody>
              {rows.map((v) => {
                const p = parameters.get(v.parameterUid);
                return (
                  <Table.Tr key={v.parameterUid}>
                    <Table.Td>{p ? (lang === 'en' ? p.nameEn : p.nameId) : v.parameterUid}</Table.Td>
                    <Table.Td fw={600}>
                      {typeof v.value === 'number' ? formatResultNumber(v.value, lang) : v.value}{' '}
                      {v.unit ?? ''}
                    </Table.Td>
                    <Table.Td>
                      <LabFlagBadge flag={v.flag} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Collapse>
    </Card>
  );
}

/** The replaced versions of the report, newest first, collapsed: what was released before the amendment. */
export function LabResultsHistory({
  history,
  tests,
  timeZone,
}: {
  history: readonly LabReport[];
  tests: readonly LabWorkTest[];
  timeZone?: string;
}) {
  const { t } = useTranslation();
  if (history.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t('labResults.history')}
      </Text>
      <Stack gap={4} component="ul" p={0} m={0} aria-label={t('labResults.history')}>
        {history.map((report) => (
          <Version key={report.uid} report={report} tests={tests} timeZone={timeZone} />
        ))}
      </Stack>
    </Stack>
  );
}
