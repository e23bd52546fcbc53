import type { ServiceOrder } from '@klinikita/domain/consultations/encounter.schema';
import type { Locale } from '@klinikita/domain/i18n/locale';
import { listPatientTreatmentProcedures } from '@klinikita/domain/treatment/treatment.contract';
import type { PatientTreatmentProcedure } from '@klinikita/domain/treatment/treatment.schema';
import { Badge, Button, Card, Group, Loader, type MantineSpacing, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractQuery } from '../api/contract-client.ts';
import { formatDateTime } from '../format.ts';
import { usePermissions } from '../session/permissions.ts';
import { useSessionUser } from '../session/session-store.ts';

/** The earlier procedures shown before "Tampilkan … lainnya". */
const SHOWN = 3;

/** One procedure: its ICD-9-CM code and name, who did it when and where, consumables, notes. */
function ProcedureBlock({ procedure: p, locale }: { procedure: PatientTreatmentProcedure; locale: Locale }) {
  const { t } = useTranslation();
  const { timeZone } = useSessionUser();
  return (
    <Stack gap={2} component="li" style={{ listStyle: 'none' }} data-testid={`procedure-${p.uid}`}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <Badge
          size="sm"
          variant="outline"
          color="gray"
          radius="sm"
          ff="monospace"
          title={t('treatment.form.icd9')}
          style={{ flexShrink: 0 }}
        >
          {p.icd9Code}
        </Badge>
        <Text size="sm" fw={700}>
          {p.name}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {t('treatment.list.by', {
          time: formatDateTime(p.performedAt, locale, timeZone),
          name: p.performedBy,
        })}{' '}
        · {p.clinicName}
      </Text>
      {p.consumables.length > 0 && (
        <Text size="sm">
          {t('treatment.form.consumables')}:{' '}
          {p.consumables.map((c) => `${c.name} ${c.quantity} ${c.unit}`).join(', ')}
        </Text>
      )}
      {p.notes && (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {t('treatment.form.notes')}: {p.notes}
        </Text>
      )}
    </Stack>
  );
}

/**
 * "Tindakan" on the doctor's screen: the procedures done for the patient (voided ones left out),
 * those of this visit's orders first (or that they are awaited), newest first. `visitOnly` (a
 * visit of the record): the procedures of `orders` alone, nothing without a treatment order. Out
 * of the way when there is nothing to show.
 */
export function TreatmentCard({
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
  const treatmentOrders = orders.filter((o) => o.serviceType === 'TREATMENT');
  const wanted = canRead && (!visitOnly || treatmentOrders.length > 0);
  const procedures = useContractQuery(
    listPatientTreatmentProcedures,
    { params: { uid: patientUid } },
    { enabled: wanted },
  );
  if (!wanted) return null;
  const list = procedures.data ?? [];
  const visits = treatmentOrders.map((o) => o.registrationId);
  const current = list.filter((p) => visits.includes(p.registrationId));
  const earlier = visitOnly ? [] : list.filter((p) => !visits.includes(p.registrationId));
  const awaited = treatmentOrders.filter((o) => !current.some((p) => p.registrationId === o.registrationId));
  // nothing ordered, nothing done (or nothing could be read): the card stays out of the way
  if (!procedures.isLoading && list.length === 0 && treatmentOrders.length === 0) return null;
  const shown = all ? earlier : earlier.slice(0, SHOWN);
  const headed = current.length > 0 && shown.length > 0;
  return (
    <Card
      mt={mt}
      withBorder
      padding="sm"
      component="section"
      aria-labelledby={titleId}
      data-testid="treatment-card"
    >
      <Title order={3} size="h5" id={titleId} mb={6}>
        {t('treatment.page.title')}
      </Title>
      {procedures.isLoading ? (
        <Loader size="xs" />
      ) : procedures.isError ? (
        <Text size="sm" c="red.7">
          {t('treatment.page.loadFailed')}
        </Text>
      ) : (
        <Stack gap="xs">
          {awaited.length > 0 && (
            <Text size="sm" c="dimmed">
              {t('treatment.card.waiting', { items: awaited.flatMap((o) => o.items).join(', ') })}
            </Text>
          )}
          {current.length > 0 && (
            <Stack gap="xs" component="ul" p={0} m={0} aria-label={t('treatment.card.thisVisit')}>
              {current.map((p) => (
                <ProcedureBlock key={p.uid} procedure={p} locale={locale} />
              ))}
            </Stack>
          )}
          {headed && (
            <Text size="xs" fw={700} c="dimmed" tt="uppercase">
              {t('treatment.card.earlier')}
            </Text>
          )}
          {shown.length > 0 && (
            <Stack gap="xs" component="ul" p={0} m={0} aria-label={t('treatment.card.earlier')}>
              {shown.map((p) => (
                <ProcedureBlock key={p.uid} procedure={p} locale={locale} />
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
              {t('treatment.card.more', { count: earlier.length - SHOWN })}
            </Button>
          )}
        </Stack>
      )}
    </Card>
  );
}
