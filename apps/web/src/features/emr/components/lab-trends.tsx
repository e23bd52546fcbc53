import { listPatientLabResults } from '@klinikita/domain/lab/lab-results.contract';
import type { PatientLabResult } from '@klinikita/domain/lab/lab-results.schema';
import { recordLabPdf } from '@klinikita/domain/results/lab-print.contract';
import {
  Anchor,
  Badge,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useContractQuery } from '../../../shared/api/contract-client.ts';
import { API_BASE } from '../../../shared/api-client.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { formatDate } from '../format.ts';
import { Sparkline } from './vitals-trend.tsx';

/** The points of a trend: the newest twelve releases of a parameter. */
const POINTS = 12;
const TEAL = 'var(--mantine-color-teal-7)';

interface Report {
  reportUid: string;
  registrationId: string;
  releasedAt: string;
  clinicName: string;
  amended: boolean;
  rows: PatientLabResult[];
}

/** Released reports, newest first (the answer's order), each with its values. */
export function reportsOf(results: readonly PatientLabResult[]): Report[] {
  const reports = new Map<string, Report>();
  for (const r of results) {
    let report = reports.get(r.reportUid);
    if (!report) {
      report = { ...r, rows: [] };
      reports.set(r.reportUid, report);
    }
    report.rows.push(r);
  }
  return [...reports.values()];
}

export interface Trend {
  code: string;
  nameId: string;
  nameEn: string;
  unit: string | null;
  /** Oldest first. */
  points: { at: string; value: number }[];
  normal: readonly [number, number] | null;
}

/** Numeric parameters with two or more released values, each oldest first with its latest range. */
export function trendsOf(results: readonly PatientLabResult[]): Trend[] {
  const byCode = new Map<string, PatientLabResult[]>();
  for (const r of results) {
    if (typeof r.value !== 'number') continue;
    byCode.set(r.parameterCode, [...(byCode.get(r.parameterCode) ?? []), r]);
  }
  return [...byCode.values()]
    .filter((rows) => rows.length > 1)
    .map((rows) => {
      const latest = rows[0];
      const range = latest.range;
      return {
        code: latest.parameterCode,
        nameId: latest.nameId,
        nameEn: latest.nameEn,
        unit: latest.unit,
        points: rows
          .slice(0, POINTS)
          .reverse()
          .map((r) => ({ at: r.releasedAt, value: r.value as number })),
        normal:
          range && range.low !== null && range.high !== null ? ([range.low, range.high] as const) : null,
      };
    });
}

/**
 * The record's lab results: each released report (newest first) with its printed sheet, and the
 * trend of every numeric parameter measured more than once, the reference range shaded.
 */
export function LabTrends({ patientUid }: { patientUid: string }) {
  const { t } = useTranslation();
  const { timeZone } = useSessionUser();
  const locale = currentLocale();
  const query = useContractQuery(listPatientLabResults, {
    params: { uid: patientUid },
    query: { limit: 500 },
  });
  if (query.isLoading)
    return (
      <Center py="lg">
        <Loader size="sm" />
      </Center>
    );
  const results = query.data ?? [];
  if (!results.length)
    return (
      <Text size="sm" c="dimmed">
        {query.isError ? t('visitResults.loadFailed') : t('visitResults.trend.empty')}
      </Text>
    );
  const name = (x: { nameId: string; nameEn: string }) => (locale === 'en' ? x.nameEn : x.nameId);
  const trends = trendsOf(results);
  const reports = reportsOf(results);
  const num = (v: number) =>
    v.toLocaleString(locale === 'en' ? 'en-GB' : 'id-ID', { maximumFractionDigits: 4 });
  return (
    <Stack gap="md">
      {trends.length > 0 && (
        <Stack gap="xs">
          <Title order={4}>{t('visitResults.trend.trends')}</Title>
          <Text size="xs" c="dimmed">
            {t('visitResults.trend.trendHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {trends.map((tr) => {
              const last = tr.points[tr.points.length - 1];
              return (
                <Card key={tr.code} withBorder padding="xs" data-testid={`lab-trend-${tr.code}`}>
                  <Group justify="space-between" gap={4} wrap="nowrap">
                    <Text size="sm" fw={600} truncate>
                      {name(tr)}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {t('visitResults.trend.latest', { value: num(last.value), unit: tr.unit ?? '' })}
                    </Text>
                  </Group>
                  <Sparkline
                    label={name(tr)}
                    series={[{ name: tr.code, color: TEAL, values: tr.points.map((p) => p.value) }]}
                    normal={tr.normal}
                    dates={tr.points.map((p) => formatDate(p.at, locale, timeZone))}
                  />
                  {tr.normal && (
                    <Text size="xs" c="dimmed">
                      {t('visitResults.trend.range', { range: `${num(tr.normal[0])}–${num(tr.normal[1])}` })}
                    </Text>
                  )}
                </Card>
              );
            })}
          </SimpleGrid>
        </Stack>
      )}
      <Stack gap="xs">
        <Title order={4}>{t('visitResults.trend.reports')}</Title>
        {reports.map((report) => (
          <Card key={report.reportUid} withBorder padding="xs" data-testid={`lab-record-${report.reportUid}`}>
            <Group justify="space-between" gap="xs">
              <Group gap={6}>
                <Text size="sm" fw={600}>
                  {t('visitResults.trend.released', {
                    time: formatDateTime(report.releasedAt, locale, timeZone),
                    clinic: report.clinicName,
                  })}
                </Text>
                {report.amended && (
                  <Badge size="xs" color="orange" variant="light">
                    {t('visitResults.amended')}
                  </Badge>
                )}
              </Group>
              <Anchor
                size="xs"
                href={`${API_BASE}${recordLabPdf.path.replace(':registrationId', encodeURIComponent(report.registrationId))}`}
                target="_blank"
                rel="noopener"
              >
                <IconPrinter size={12} style={{ verticalAlign: 'middle' }} /> {t('visitResults.printLab')}
              </Anchor>
            </Group>
            <Table fz="xs" verticalSpacing={1}>
              <Table.Tbody>
                {report.rows.map((r) => {
                  const critical = r.flag === 'HH' || r.flag === 'LL';
                  const flagged = r.flag !== null && r.flag !== 'N';
                  return (
                    <Table.Tr key={`${r.testCode}-${r.parameterCode}`}>
                      <Table.Td>{name(r)}</Table.Td>
                      <Table.Td fw={flagged ? 700 : undefined} c={critical ? 'red.8' : undefined}>
                        {typeof r.value === 'number' ? num(r.value) : (r.value ?? '–')} {r.unit ?? ''}
                      </Table.Td>
                      <Table.Td w={60}>{flagged ? r.flag : ''}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
