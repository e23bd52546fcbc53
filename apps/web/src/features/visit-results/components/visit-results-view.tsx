import type { Locale } from '@klinikita/domain/i18n/locale';
import type { PrintedLabReport } from '@klinikita/domain/results/visit-results.schema';
import { Alert, Badge, Button, Card, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { useVisitResults, type VisitResults, visitLabPdfUrl } from '../api/visit-results-api.ts';

type LabValue = PrintedLabReport['tests'][number]['values'][number];

/** 12.5 → '12,5' in Indonesian, at the parameter's decimals. */
const valueText = (v: LabValue, locale: Locale) =>
  v.value === null
    ? '–'
    : typeof v.value === 'number'
      ? v.value.toLocaleString(locale === 'en' ? 'en-GB' : 'id-ID', {
          minimumFractionDigits: v.decimals,
          maximumFractionDigits: Math.max(v.decimals, 0),
        })
      : v.value;

function rangeText(v: LabValue, locale: Locale) {
  const r = v.range;
  if (!r) return '–';
  const f = (n: number) => valueText({ ...v, value: n }, locale);
  if (r.low !== null && r.high !== null) return `${f(r.low)}–${f(r.high)}`;
  if (r.high !== null) return `≤ ${f(r.high)}`;
  if (r.low !== null) return `≥ ${f(r.low)}`;
  return r.normalText ?? '–';
}

function LabSection({ lab, registrationId }: { lab: PrintedLabReport; registrationId: string }) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useSessionUser();
  const locale: Locale = i18n.language === 'en' ? 'en' : 'id';
  const name = (x: { nameId: string; nameEn: string }) => (locale === 'en' ? x.nameEn : x.nameId);
  const rows: ReactElement[] = [];
  for (const test of lab.tests) {
    rows.push(
      <Table.Tr key={test.code}>
        <Table.Td colSpan={5} fw={700}>
          {name(test)}
        </Table.Td>
      </Table.Tr>,
    );
    for (const v of test.values) {
      const critical = v.flag === 'HH' || v.flag === 'LL';
      const flagged = v.flag !== null && v.flag !== 'N';
      rows.push(
        <Table.Tr key={`${test.code}-${v.code}`} data-testid={`result-${v.code}`}>
          <Table.Td pl="lg">{name(v)}</Table.Td>
          <Table.Td fw={flagged ? 700 : undefined} c={critical ? 'red.8' : undefined}>
            {valueText(v, locale)}
          </Table.Td>
          <Table.Td>{v.unit ?? ''}</Table.Td>
          <Table.Td>{rangeText(v, locale)}</Table.Td>
          <Table.Td>
            {flagged && (
              <Badge size="xs" color={critical ? 'red' : 'orange'} variant={critical ? 'filled' : 'light'}>
                {critical ? t('labResults.flag.HH') : v.flag}
              </Badge>
            )}
          </Table.Td>
        </Table.Tr>,
      );
    }
  }
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4}>{t('visitResults.sections.lab')}</Title>
          <Button
            component="a"
            href={visitLabPdfUrl(registrationId)}
            target="_blank"
            rel="noopener"
            leftSection={<IconPrinter size={16} />}
          >
            {t('visitResults.printLab')}
          </Button>
        </Group>
        {lab.version > 1 && (
          <Alert color="orange" title={t('visitResults.amended')} p="xs">
            {t('visitResults.amendedReason', { reason: lab.amendmentReason ?? '–' })}
          </Alert>
        )}
        <Text size="sm">
          {t('visitResults.orderingDoctor')}:{' '}
          {[lab.orderingDoctor, lab.orderingClinic].filter(Boolean).join(', ') || '–'}
        </Text>
        <Table fz="sm" verticalSpacing={4} aria-label={t('visitResults.sections.lab')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('labResults.column.parameter')}</Table.Th>
              <Table.Th>{t('labResults.column.result')}</Table.Th>
              <Table.Th>{t('labResults.column.unit')}</Table.Th>
              <Table.Th>{t('labResults.column.range')}</Table.Th>
              <Table.Th>{t('labResults.column.flag')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{rows}</Table.Tbody>
        </Table>
        {lab.validated && (
          <Text size="xs" c="dimmed">
            {t('visitResults.validatedBy', {
              name: lab.validated.name ?? '–',
              time: formatDateTime(lab.validated.at, locale, timeZone),
            })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function OtherSections({ results }: { results: VisitResults }) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useSessionUser();
  const locale: Locale = i18n.language === 'en' ? 'en' : 'id';
  const when = (by: { name: string | null; at: string } | null, key: string) =>
    by ? t(key, { name: by.name ?? '–', time: formatDateTime(by.at, locale, timeZone) }) : '';
  return (
    <>
      {results.radiology.length > 0 && (
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Title order={4}>{t('visitResults.sections.radiology')}</Title>
            {results.radiology.map((r) => (
              <Stack key={r.accessionNumber} gap={2}>
                <Group gap="xs">
                  <Text fw={700}>{r.examination}</Text>
                  <Badge size="sm" variant="light">
                    {r.modality}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {t('visitResults.accession', { accession: r.accessionNumber })}
                  </Text>
                </Group>
                {r.amendmentReason && (
                  <Text size="sm" c="orange.8">
                    {t('visitResults.amended')} ·{' '}
                    {t('visitResults.amendedReason', { reason: r.amendmentReason })}
                  </Text>
                )}
                <Text size="sm" fw={600}>
                  {t('visitResults.findings')}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {r.findings ?? '–'}
                </Text>
                <Text size="sm" fw={600}>
                  {t('visitResults.impression')}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {r.impression ?? '–'}
                </Text>
                <Text size="xs" c="dimmed">
                  {when(r.signed, 'visitResults.signedBy')}
                </Text>
              </Stack>
            ))}
          </Stack>
        </Card>
      )}
      {results.physio.length > 0 && (
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Title order={4}>{t('visitResults.sections.physio')}</Title>
            {results.physio.map((s) => (
              <Stack key={s.sessionNumber} gap={2}>
                <Text fw={700}>
                  {t(s.kind === 'reevaluation' ? 'visitResults.reevaluation' : 'visitResults.session', {
                    number: s.sessionNumber,
                  })}
                </Text>
                {(s.painBefore !== null || s.painAfter !== null) && (
                  <Text size="sm">
                    {t('visitResults.pain', { before: s.painBefore ?? '–', after: s.painAfter ?? '–' })}
                  </Text>
                )}
                {s.interventions && (
                  <Text size="sm">
                    {t('visitResults.interventions')}: {s.interventions}
                  </Text>
                )}
                {s.note && (
                  <Text size="sm">
                    {t('visitResults.note')}: {s.note}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {when(s.performed, 'visitResults.performedBy')}
                </Text>
              </Stack>
            ))}
          </Stack>
        </Card>
      )}
      {results.treatment.length > 0 && (
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Title order={4}>{t('visitResults.sections.treatment')}</Title>
            {results.treatment.map((p) => (
              <Stack key={p.uid} gap={2}>
                <Text fw={700}>
                  {p.icd9Code} · {p.name}
                </Text>
                {p.consumables.length > 0 && (
                  <Text size="sm">
                    {t('visitResults.consumables')}:{' '}
                    {p.consumables.map((c) => `${c.name} ${c.quantity} ${c.unit ?? ''}`.trim()).join(', ')}
                  </Text>
                )}
                {p.notes && (
                  <Text size="sm">
                    {t('visitResults.note')}: {p.notes}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {when(p.performed, 'visitResults.performedBy')}
                </Text>
              </Stack>
            ))}
          </Stack>
        </Card>
      )}
    </>
  );
}

/** One visit's printable results: released lab values (with the sheet), signed reports, notes. */
export function VisitResultsView({ registrationId, onBack }: { registrationId: string; onBack: () => void }) {
  const { t } = useTranslation();
  const query = useVisitResults(registrationId);
  const back = (
    <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack} w="fit-content">
      {t('visitResults.back')}
    </Button>
  );
  if (query.isLoading)
    return (
      <Stack>
        {back}
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      </Stack>
    );
  if (!query.data)
    return (
      <Stack>
        {back}
        <Alert color="red">
          <Group justify="space-between">
            <Text size="sm">
              {query.error instanceof ApiError ? query.error.message : t('visitResults.loadFailed')}
            </Text>
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              {t('visitResults.retry')}
            </Button>
          </Group>
        </Alert>
      </Stack>
    );
  const results = query.data;
  const nothing =
    !results.lab && !results.radiology.length && !results.physio.length && !results.treatment.length;
  return (
    <Stack gap="md">
      {back}
      <div>
        <Title order={2}>{results.patient.name}</Title>
        <Text c="dimmed" size="sm">
          {results.patient.mrn} ·{' '}
          {t('visitResults.visit', {
            queueNumber: results.queueNumber,
            date: results.queueDate.split('-').reverse().join('/'),
            clinic: results.clinicName,
          })}
        </Text>
      </div>
      {nothing && <Alert color="gray">{t('visitResults.nothing')}</Alert>}
      {results.lab && <LabSection lab={results.lab} registrationId={results.registrationId} />}
      <OtherSections results={results} />
      {(results.radiology.length > 0 || results.physio.length > 0 || results.treatment.length > 0) && (
        <Text size="xs" c="dimmed">
          {t('visitResults.printOthersHint')}
        </Text>
      )}
    </Stack>
  );
}
