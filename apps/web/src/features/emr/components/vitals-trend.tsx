import { VITALS, type VitalName, vitalFlag } from '@klinikita/domain/consultations/consultation.rules';
import { Card, Center, Group, Loader, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import { type Encounter, HISTORY_LIMIT, useVisitHistory } from '../api/record-api.ts';
import { formatDate } from '../format.ts';

type Series = { name: string; color: string; values: (number | null)[] };

const W = 300;
const H = 84;
const PAD = { top: 8, right: 8, bottom: 14, left: 30 };

/**
 * A small line chart of one vital over the visits (oldest left), the adult normal range shaded.
 * Plain SVG: the app carries no chart library, and a dozen points need none.
 */
export function Sparkline({
  label,
  series,
  normal,
  dates,
}: {
  label: string;
  series: Series[];
  normal: readonly [number, number] | null;
  dates: string[];
}) {
  const all = series.flatMap((s) => s.values.filter((v): v is number => v != null));
  const lo = Math.min(...all, ...(normal ? [normal[0]] : []));
  const hi = Math.max(...all, ...(normal ? [normal[1]] : []));
  const span = hi - lo || 1;
  // whole numbers on the axis unless the values themselves are close together (temperature)
  const step = span > 5 ? 1 : 0.1;
  const min = Math.floor((lo - span * 0.1) / step) * step;
  const max = Math.ceil((hi + span * 0.1) / step) * step;
  const n = dates.length;
  const x = (i: number) =>
    PAD.left + (n === 1 ? (W - PAD.left - PAD.right) / 2 : (i * (W - PAD.left - PAD.right)) / (n - 1));
  const y = (v: number) => PAD.top + ((max - v) * (H - PAD.top - PAD.bottom)) / (max - min);
  const round = (v: number) => Math.round(v * 10) / 10;
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      role="img"
      aria-label={`${label}: ${series
        .map((s) => s.values.map((v, i) => `${dates[i]} ${v ?? '–'}`).join(', '))
        .join('; ')}`}
      style={{ display: 'block', maxHeight: 110 }}
    >
      {normal && (
        <rect
          x={PAD.left}
          y={y(normal[1])}
          width={W - PAD.left - PAD.right}
          height={Math.max(1, y(normal[0]) - y(normal[1]))}
          fill="var(--mantine-color-teal-0)"
        />
      )}
      <line
        x1={PAD.left}
        x2={PAD.left}
        y1={PAD.top}
        y2={H - PAD.bottom}
        stroke="var(--mantine-color-gray-4)"
      />
      <line
        x1={PAD.left}
        x2={W - PAD.right}
        y1={H - PAD.bottom}
        y2={H - PAD.bottom}
        stroke="var(--mantine-color-gray-4)"
      />
      <text x={PAD.left - 4} y={PAD.top + 4} fontSize="9" textAnchor="end" fill="var(--mantine-color-dimmed)">
        {round(max)}
      </text>
      <text
        x={PAD.left - 4}
        y={H - PAD.bottom}
        fontSize="9"
        textAnchor="end"
        fill="var(--mantine-color-dimmed)"
      >
        {round(min)}
      </text>
      {n > 1 && (
        <>
          <text x={PAD.left} y={H - 2} fontSize="9" fill="var(--mantine-color-dimmed)">
            {dates[0]}
          </text>
          <text x={W - PAD.right} y={H - 2} fontSize="9" textAnchor="end" fill="var(--mantine-color-dimmed)">
            {dates[n - 1]}
          </text>
        </>
      )}
      {series.map((s) => {
        const points = s.values
          .map((v, i) => (v == null ? null : ([x(i), y(v)] as const)))
          .filter((p): p is readonly [number, number] => p !== null);
        return (
          <g key={s.name}>
            {points.length > 1 && (
              <polyline
                points={points.map(([px, py]) => `${px},${py}`).join(' ')}
                fill="none"
                stroke={s.color}
                strokeWidth={1.8}
              />
            )}
            {points.map(([px, py]) => (
              <circle key={`${px}-${py}`} cx={px} cy={py} r={2.6} fill={s.color} />
            ))}
          </g>
        );
      })}
    </svg>
  );
}

type TrendName = 'bloodPressure' | Exclude<VitalName, 'systolic' | 'diastolic' | 'height'> | 'bmi';
const TRENDS: TrendName[] = [
  'bloodPressure',
  'pulse',
  'respiratoryRate',
  'temperature',
  'spo2',
  'weight',
  'bmi',
];
const TABLE: (VitalName | 'bmi')[] = [
  'systolic',
  'diastolic',
  'pulse',
  'respiratoryRate',
  'temperature',
  'spo2',
  'weight',
  'height',
  'bmi',
];

const BLUE = 'var(--mantine-color-blue-6)';
const GRAPE = 'var(--mantine-color-grape-6)';

function trendOf(
  name: TrendName,
  visits: Encounter[],
): { series: Series[]; normal: readonly [number, number] | null; unit: string } {
  if (name === 'bloodPressure')
    return {
      series: [
        { name: 'systolic', color: BLUE, values: visits.map((v) => v.systolic) },
        { name: 'diastolic', color: GRAPE, values: visits.map((v) => v.diastolic) },
      ],
      normal: null,
      unit: 'mmHg',
    };
  if (name === 'bmi')
    return {
      series: [{ name, color: BLUE, values: visits.map((v) => v.bmi) }],
      normal: [18.5, 22.9],
      unit: 'kg/m²',
    };
  return {
    series: [{ name, color: BLUE, values: visits.map((v) => v[name]) }],
    normal: VITALS[name].normal,
    unit: VITALS[name].unit,
  };
}

/** Trends of the vitals over the visits, and every reading in a table (newest first). */
export function VitalsTrend({ patientUid }: { patientUid: string }) {
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
  const measured = history.data.docs.filter((v) => TABLE.some((k) => v[k] != null));
  if (!measured.length)
    return (
      <Text size="sm" c="dimmed" py="md">
        {t('emr.vitals.empty')}
      </Text>
    );
  const chronological = [...measured].reverse();
  const dates = chronological.map((v) => formatDate(v.registration.queueDate, locale));
  const fmt = (v: number | null) => (v == null ? '–' : v.toLocaleString(locale === 'en' ? 'en-GB' : 'id-ID'));
  return (
    <Stack gap="md">
      {history.data.totalDocs > HISTORY_LIMIT && (
        <Text size="xs" c="dimmed">
          {t('emr.vitals.latest', { limit: HISTORY_LIMIT })}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        {TRENDS.map((name) => {
          const { series, normal, unit } = trendOf(name, chronological);
          const values = series[0].values;
          if (!values.some((v) => v != null)) return null;
          const lastIndex = values.findLastIndex((v) => v != null);
          const last =
            name === 'bloodPressure'
              ? `${fmt(series[0].values[lastIndex])}/${fmt(series[1].values[lastIndex])}`
              : fmt(values[lastIndex]);
          return (
            <Card key={name} withBorder padding="xs">
              <Group justify="space-between" gap={4} mb={2}>
                <Text size="sm" fw={600}>
                  {t(`consultations.vitals.${name}`)}
                </Text>
                <Text size="sm">
                  {last}{' '}
                  <Text span size="xs" c="dimmed">
                    {unit}
                  </Text>
                </Text>
              </Group>
              <Sparkline
                label={t(`consultations.vitals.${name}`)}
                series={series}
                normal={normal}
                dates={dates}
              />
              {name === 'bloodPressure' && (
                <Group gap="sm">
                  <Text size="xs" c="blue.6">
                    ● {t('consultations.vitals.systolic')}
                  </Text>
                  <Text size="xs" c="grape.6">
                    ● {t('consultations.vitals.diastolic')}
                  </Text>
                </Group>
              )}
            </Card>
          );
        })}
      </SimpleGrid>
      <Table.ScrollContainer minWidth={800} type="native">
        <Table striped verticalSpacing={4} aria-label={t('emr.vitals.table')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('emr.vitals.date')}</Table.Th>
              {TABLE.map((k) => (
                <Table.Th key={k} ta="right">
                  {t(`consultations.vitals.${k}`)}
                  {k !== 'bmi' && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      ({VITALS[k].unit})
                    </Text>
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {measured.map((v) => (
              <Table.Tr key={v.uid}>
                <Table.Td>{formatDate(v.registration.queueDate, locale)}</Table.Td>
                {TABLE.map((k) => {
                  const flag = k === 'bmi' ? null : vitalFlag(k, v[k]);
                  return (
                    <Table.Td key={k} ta="right" c={flag ? 'red.7' : undefined} fw={flag ? 600 : undefined}>
                      {fmt(v[k])}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
