import type { ServiceOrder } from '@klinikita/domain/consultations/encounter.schema';
import type { Locale } from '@klinikita/domain/i18n/locale';
import type { LabFlag } from '@klinikita/domain/lab/lab-catalogue.rules';
import { listPatientLabResults } from '@klinikita/domain/lab/lab-results.contract';
import type { PatientLabResult } from '@klinikita/domain/lab/lab-results.schema';
import { recordLabPdf } from '@klinikita/domain/results/lab-print.contract';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  type MantineSpacing,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { type ReactElement, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractQuery } from '../api/contract-client.ts';
import { API_BASE } from '../api-client.ts';
import { formatDateTime } from '../format.ts';
import { usePermissions } from '../session/permissions.ts';
import { useSessionUser } from '../session/session-store.ts';

/** The released reports shown before "Tampilkan … lainnya". */
const SHOWN = 3;

interface Report {
  reportUid: string;
  registrationId: string;
  releasedAt: string;
  clinicName: string;
  amended: boolean;
  rows: PatientLabResult[];
}

/** One report per released version, newest first (the answer is newest first already). */
function reportsOf(results: readonly PatientLabResult[]): Report[] {
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

const FLAG_COLORS: Partial<Record<LabFlag, string>> = {
  H: 'orange',
  L: 'orange',
  HH: 'red',
  LL: 'red',
  A: 'grape',
};

function Flag({ flag }: { flag: LabFlag | null }) {
  const { t } = useTranslation();
  if (!flag || flag === 'N') return null;
  const critical = flag === 'HH' || flag === 'LL';
  return (
    <Badge
      size="xs"
      radius="sm"
      variant={critical ? 'filled' : 'light'}
      color={FLAG_COLORS[flag]}
      title={t(`labResults.flagTitle.${flag}`)}
    >
      {t(`labResults.flag.${flag}`)}
    </Badge>
  );
}

const outside = (r: PatientLabResult) => r.flag !== null && r.flag !== 'N';

/**
 * One released report: when and where, and its values by test — every value for the visit's own
 * orders (`full`), otherwise those outside the range, the rest a click away.
 */
function ReportBlock({ report, locale, full }: { report: Report; locale: Locale; full: boolean }) {
  const { t } = useTranslation();
  const { timeZone } = useSessionUser();
  const [all, setAll] = useState(full);
  const name = (x: { nameId: string; nameEn: string }) => (locale === 'en' ? x.nameEn : x.nameId);
  const value = (r: PatientLabResult) =>
    r.value === null
      ? '–'
      : typeof r.value === 'number'
        ? r.value.toLocaleString(locale === 'en' ? 'en-GB' : 'id-ID', { maximumFractionDigits: 4 })
        : r.value;
  const rows = all ? report.rows : report.rows.filter(outside);
  const body: ReactElement[] = [];
  rows.forEach((r, i) => {
    if (i === 0 || rows[i - 1].testCode !== r.testCode) {
      body.push(
        <Table.Tr key={`test-${r.testCode}`}>
          <Table.Td colSpan={3} fw={700} pt={4}>
            {name({ nameId: r.testNameId, nameEn: r.testNameEn })}
          </Table.Td>
        </Table.Tr>,
      );
    }
    const critical = r.flag === 'HH' || r.flag === 'LL';
    body.push(
      <Table.Tr key={`${r.testCode}-${r.parameterCode}`}>
        <Table.Td>{name(r)}</Table.Td>
        <Table.Td fw={600} c={critical ? 'red.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {value(r)} {r.unit ?? ''}
        </Table.Td>
        <Table.Td w={56} style={{ whiteSpace: 'nowrap' }}>
          <Flag flag={r.flag} />
        </Table.Td>
      </Table.Tr>,
    );
  });
  return (
    <Stack
      gap={2}
      component="li"
      style={{ listStyle: 'none' }}
      data-testid={`lab-report-${report.reportUid}`}
    >
      <Group gap={4} justify="space-between" wrap="nowrap">
        <Text size="xs" fw={700}>
          {t('labResults.card.released', { time: formatDateTime(report.releasedAt, locale, timeZone) })}
        </Text>
        <Group gap={4} wrap="nowrap">
          {report.amended && (
            <Badge size="xs" variant="light" color="orange">
              {t('labResults.card.amended')}
            </Badge>
          )}
          <Anchor
            size="xs"
            href={`${API_BASE}${recordLabPdf.path.replace(':registrationId', encodeURIComponent(report.registrationId))}`}
            target="_blank"
            rel="noopener"
            title={t('labResults.printTitle')}
          >
            <IconPrinter size={12} style={{ verticalAlign: 'middle' }} /> {t('labResults.print')}
          </Anchor>
        </Group>
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {[...new Set(report.rows.map((r) => name({ nameId: r.testNameId, nameEn: r.testNameEn })))].join(
          ', ',
        )}{' '}
        · {report.clinicName}
      </Text>
      {rows.length === 0 ? (
        <Text size="xs" c="teal.8">
          {t('labResults.card.allNormal')}
        </Text>
      ) : (
        <Table verticalSpacing={1} horizontalSpacing={4} fz="xs">
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      )}
      {!full && (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => setAll((a) => !a)}
          style={{ alignSelf: 'flex-start' }}
        >
          {all
            ? t('labResults.card.abnormalOnly')
            : t('labResults.card.allValues', { count: report.rows.length })}
        </Button>
      )}
    </Stack>
  );
}

/**
 * "Hasil lab" on the doctor's screen: the patient's released lab results, newest first, with
 * their flags; with the visit's own orders (`orders`), their results first — or that they are
 * still awaited. Only released results reach the doctor (`GET lab-results/patients/:uid`).
 * `visitOnly` (a visit of the record): the results of `orders` alone, nothing without a lab order.
 */
export function LabResultsCard({
  patientUid,
  orders = [],
  visitOnly = false,
  mt,
}: {
  patientUid: string;
  orders?: readonly ServiceOrder[];
  visitOnly?: boolean;
  mt?: MantineSpacing;
}) {
  const { t, i18n } = useTranslation();
  const locale: Locale = i18n.language === 'en' ? 'en' : 'id';
  const titleId = useId();
  const canRead = usePermissions().has('record.read');
  const [all, setAll] = useState(false);
  const visitLabs = orders.filter((o) => o.serviceType === 'LAB').map((o) => o.registrationId);
  const wanted = canRead && (!visitOnly || visitLabs.length > 0);
  const results = useContractQuery(
    listPatientLabResults,
    // a visit of the record may be an old one: the widest window, one fetch for every visit card
    { params: { uid: patientUid }, query: { limit: visitOnly ? 500 : 200 } },
    { enabled: wanted },
  );
  if (!wanted) return null;
  const reports = reportsOf(results.data ?? []);
  const current = reports.filter((r) => visitLabs.includes(r.registrationId));
  const earlier = visitOnly ? [] : reports.filter((r) => !visitLabs.includes(r.registrationId));
  const shown = all ? earlier : earlier.slice(0, SHOWN);
  const awaited = visitLabs.length > 0 && current.length === 0;

  return (
    <Card
      mt={mt}
      withBorder
      padding="sm"
      component="section"
      aria-labelledby={titleId}
      data-testid="lab-results-card"
    >
      <Title order={3} size="h5" id={titleId} mb={6}>
        {t('labResults.card.title')}
      </Title>
      {results.isLoading ? (
        <Loader size="xs" />
      ) : results.isError ? (
        <Text size="sm" c="red.7">
          {t('labResults.card.failed')}
        </Text>
      ) : (
        <Stack gap="xs">
          {visitLabs.length > 0 && !visitOnly && (
            <Text size="xs" fw={700} c="dimmed" tt="uppercase">
              {t('labResults.card.thisVisit')}
            </Text>
          )}
          {awaited && (
            <Text size="sm" c="dimmed">
              {t('labResults.card.waiting')}
            </Text>
          )}
          {current.length > 0 && (
            <Stack gap="xs" component="ul" p={0} m={0} aria-label={t('labResults.card.thisVisit')}>
              {current.map((r) => (
                <ReportBlock key={r.reportUid} report={r} locale={locale} full />
              ))}
            </Stack>
          )}
          {visitLabs.length > 0 && earlier.length > 0 && (
            <Text size="xs" fw={700} c="dimmed" tt="uppercase">
              {t('labResults.card.earlier')}
            </Text>
          )}
          {reports.length === 0 && !awaited && (
            <Text size="sm" c="dimmed">
              {t('labResults.card.empty')}
            </Text>
          )}
          {shown.length > 0 && (
            <Stack gap="xs" component="ul" p={0} m={0} aria-label={t('labResults.card.earlier')}>
              {shown.map((r) => (
                <ReportBlock key={r.reportUid} report={r} locale={locale} full={false} />
              ))}
            </Stack>
          )}
          {earlier.length > SHOWN && (
            <Button size="compact-xs" variant="subtle" onClick={() => setAll((a) => !a)}>
              {all ? t('labResults.card.less') : t('labResults.card.more', { count: earlier.length - SHOWN })}
            </Button>
          )}
        </Stack>
      )}
    </Card>
  );
}
