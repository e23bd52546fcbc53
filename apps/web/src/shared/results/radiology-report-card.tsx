import { LIVE_RESYNC } from '@klinikita/domain/common/live-events';
import type { ServiceOrder } from '@klinikita/domain/consultations/encounter.schema';
import type { Locale } from '@klinikita/domain/i18n/locale';
import { listPatientRadiologyReports } from '@klinikita/domain/radiology/radiology.contract';
import type { PatientRadiologyReport } from '@klinikita/domain/radiology/radiology.schema';
import { REGISTRATION_EVENTS } from '@klinikita/domain/registrations/registration.schema';
import { Badge, Button, Card, Group, Loader, type MantineSpacing, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractKey, useContractQuery } from '../api/contract-client.ts';
import { formatDateTime } from '../format.ts';
import { clinicEventsUrl, subscribeLive } from '../live/live-events.ts';
import { usePermissions } from '../session/permissions.ts';
import { useSessionUser } from '../session/session-store.ts';
import { useWorkingClinic } from '../session/working-clinic.ts';

/** The signed reports shown before "Tampilkan … lainnya". */
const SHOWN = 2;

function ReportBlock({ report, locale }: { report: PatientRadiologyReport; locale: Locale }) {
  const { t } = useTranslation();
  const { timeZone } = useSessionUser();
  return (
    <Stack
      gap={2}
      component="li"
      style={{ listStyle: 'none' }}
      data-testid={`radiology-report-${report.reportUid}`}
    >
      <Group gap={4} justify="space-between" wrap="nowrap">
        <Text size="xs" fw={700}>
          {report.examination}
        </Text>
        <Group gap={4} wrap="nowrap">
          <Badge size="xs" variant="outline">
            {report.modality}
          </Badge>
          {report.amended && (
            <Badge size="xs" variant="light" color="orange">
              {t('radiology.card.amended')}
            </Badge>
          )}
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        {report.accessionNumber} · {report.clinicName} ·{' '}
        {t('radiology.card.signedBy', {
          name: report.signedBy ?? '-',
          at: formatDateTime(report.signedAt, locale, timeZone),
        })}
      </Text>
      <Text size="xs" c="dimmed" mt={2}>
        {t('radiology.card.findings')}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {report.findings}
      </Text>
      <Text size="xs" c="dimmed" mt={2}>
        {t('radiology.card.impression')}
      </Text>
      <Text size="sm" fw={600}>
        {report.impression}
      </Text>
    </Stack>
  );
}

/**
 * "Laporan radiologi" on the doctor's screen: the patient's signed radiology reports, the visit's
 * own orders first (or that they are awaited); refetched when the clinic's visits change (a
 * signature publishes a registration update to the ordering clinic). `visitOnly` (a visit of the
 * record): the reports of `orders` alone, nothing without a radiology order.
 */
export function RadiologyReportCard({
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
  const { clinic } = useWorkingClinic();
  const client = useQueryClient();
  const [all, setAll] = useState(false);
  const radOrders = orders.filter((o) => o.serviceType === 'RAD');
  const wanted = canRead && (!visitOnly || radOrders.length > 0);
  const reports = useContractQuery(
    listPatientRadiologyReports,
    { params: { uid: patientUid } },
    { enabled: wanted },
  );
  useEffect(() => {
    if (!wanted || !clinic) return;
    return subscribeLive(clinicEventsUrl(clinic.id), (type) => {
      if (type === REGISTRATION_EVENTS.updated || type === LIVE_RESYNC)
        void client.invalidateQueries({ queryKey: contractKey(listPatientRadiologyReports) });
    });
  }, [wanted, clinic, client]);
  if (!wanted) return null;
  const visitRads = radOrders.map((o) => o.registrationId);
  const list = reports.data ?? [];
  const current = list.filter((r) => visitRads.includes(r.registrationId));
  const earlier = visitOnly ? [] : list.filter((r) => !visitRads.includes(r.registrationId));
  const awaited = radOrders.filter((o) => !current.some((r) => r.registrationId === o.registrationId));
  // nothing ordered, nothing signed: the card stays out of the way
  if (!reports.isLoading && list.length === 0 && radOrders.length === 0) return null;
  const shown = all ? earlier : earlier.slice(0, SHOWN);
  return (
    <Card
      mt={mt}
      withBorder
      padding="sm"
      component="section"
      aria-labelledby={titleId}
      data-testid="radiology-report-card"
    >
      <Title order={3} size="h5" id={titleId} mb={6}>
        {t('radiology.card.title')}
      </Title>
      {reports.isLoading ? (
        <Loader size="xs" />
      ) : (
        <Stack gap="xs">
          {awaited.length > 0 && (
            <Text size="sm" c="dimmed">
              {t('radiology.card.waiting', { items: awaited.flatMap((o) => o.items).join(', ') })}
            </Text>
          )}
          {[...current, ...shown].length > 0 && (
            <Stack gap="sm" component="ul" p={0} m={0}>
              {[...current, ...shown].map((r) => (
                <ReportBlock key={r.reportUid} report={r} locale={locale} />
              ))}
            </Stack>
          )}
          {earlier.length > SHOWN && !all && (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => setAll(true)}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('radiology.card.more', { count: earlier.length - SHOWN })}
            </Button>
          )}
        </Stack>
      )}
    </Card>
  );
}
