import { Group, Progress, Table, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TurnaroundMetricAnswer } from '../api/turnaround-api.ts';
import { formatMinutes, formatPercent, percentColor } from './turnaround-format.ts';

/** One row per metric: n, median, P90, the standard and the share within it, the intervals excluded. */
export function MetricsTable({ metrics }: { metrics: TurnaroundMetricAnswer[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="xs" aria-label={t('turnaround.screen.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('turnaround.screen.metric')}</Table.Th>
            <Table.Th ta="right">{t('turnaround.screen.n')}</Table.Th>
            <Table.Th ta="right">{t('turnaround.screen.median')}</Table.Th>
            <Table.Th ta="right">{t('turnaround.screen.p90')}</Table.Th>
            <Table.Th>{t('turnaround.screen.target')}</Table.Th>
            <Table.Th w={200}>{t('turnaround.screen.withinTarget')}</Table.Th>
            <Table.Th ta="right">{t('turnaround.screen.excluded')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {metrics.map((m) => {
            const excluded = m.excluded.missing + m.excluded.negative + m.excluded.otherDay;
            return (
              <Table.Tr key={m.metric} data-metric={m.metric}>
                <Table.Td>{t(`turnaround.metrics.${m.metric}`)}</Table.Td>
                <Table.Td ta="right">{m.n}</Table.Td>
                <Table.Td ta="right">{formatMinutes(t, m.median, locale)}</Table.Td>
                <Table.Td ta="right">{formatMinutes(t, m.p90, locale)}</Table.Td>
                <Table.Td>
                  {m.targetMinutes === null
                    ? t('turnaround.screen.noTarget')
                    : t('turnaround.screen.targetMinutes', { minutes: m.targetMinutes })}
                </Table.Td>
                <Table.Td>
                  {m.withinTargetPercent === null ? (
                    t('turnaround.screen.empty')
                  ) : (
                    <Group gap="xs" wrap="nowrap">
                      <Progress
                        value={m.withinTargetPercent}
                        color={percentColor(m.withinTargetPercent)}
                        w={100}
                        aria-label={t('turnaround.screen.withinTarget')}
                      />
                      <Text size="sm">{formatPercent(m.withinTargetPercent, locale)}</Text>
                    </Group>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <Tooltip label={t('turnaround.screen.excludedDetail', m.excluded)} disabled={!excluded}>
                    <Text size="sm" c={excluded ? undefined : 'dimmed'}>
                      {excluded}
                    </Text>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
