import { TURNAROUND_METRICS, type TurnaroundMetric } from '@klinikita/domain/dashboard/turnaround.rules';
import { Group, Progress, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TurnaroundSlice } from '../api/turnaround-api.ts';
import { formatMinutes, formatPercent } from './turnaround-format.ts';

type Dimension = TurnaroundSlice['dimension'];

/**
 * One metric broken down by doctor, payer type or the hour it started (clinic time): n, median
 * (with a bar against the longest median of the breakdown), P90 and the share within the standard.
 */
export function SliceTable({ slices }: { slices: TurnaroundSlice[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [dimension, setDimension] = useState<Dimension>('doctor');
  const [metric, setMetric] = useState<TurnaroundMetric>('doctorWait');
  const rows = slices
    .filter((s) => s.dimension === dimension && s.metric === metric)
    .sort((a, b) => (dimension === 'hour' ? Number(a.key) - Number(b.key) : 0));
  const longest = Math.max(0, ...rows.map((r) => r.median ?? 0));
  const labelOf = (s: TurnaroundSlice) => {
    if (dimension === 'doctor') return s.label ?? t('turnaround.screen.noDoctor');
    if (dimension === 'payer') return t(`turnaround.payers.${s.key}`, { defaultValue: s.key });
    return t('turnaround.screen.hour', { hour: s.key.padStart(2, '0') });
  };
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end">
        <SegmentedControl
          value={dimension}
          onChange={(v) => setDimension(v as Dimension)}
          data={[
            { value: 'doctor', label: t('turnaround.screen.byDoctor') },
            { value: 'payer', label: t('turnaround.screen.byPayer') },
            { value: 'hour', label: t('turnaround.screen.byHour') },
          ]}
        />
        <Select
          w={380}
          label={t('turnaround.screen.sliceMetric')}
          value={metric}
          allowDeselect={false}
          onChange={(v) => v && setMetric(v as TurnaroundMetric)}
          data={TURNAROUND_METRICS.map((m) => ({ value: m, label: t(`turnaround.metrics.${m}`) }))}
        />
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('turnaround.screen.noSliceData')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" aria-label={t('turnaround.screen.slices')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('turnaround.screen.group')}</Table.Th>
                <Table.Th ta="right">{t('turnaround.screen.n')}</Table.Th>
                <Table.Th w={260}>{t('turnaround.screen.median')}</Table.Th>
                <Table.Th ta="right">{t('turnaround.screen.p90')}</Table.Th>
                <Table.Th ta="right">{t('turnaround.screen.withinTarget')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((s) => (
                <Table.Tr key={`${s.dimension}-${s.key}`}>
                  <Table.Td>{labelOf(s)}</Table.Td>
                  <Table.Td ta="right">{s.n}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Progress value={longest ? ((s.median ?? 0) / longest) * 100 : 0} w={140} />
                      <Text size="sm">{formatMinutes(t, s.median, locale)}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{formatMinutes(t, s.p90, locale)}</Table.Td>
                  <Table.Td ta="right">{formatPercent(s.withinTargetPercent, locale)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
