import type { PharmacyStatus } from '@klinikita/domain/pharmacy/pharmacy.rules';
import { mayMove } from '@klinikita/domain/pharmacy/pharmacy.rules';
import { Alert, Badge, Button, Divider, Group, List, Menu, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconHandGrab, IconInfoCircle, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { labelsUrl, type PharmacyPrescription, type PrescriptionLine } from '../api/pharmacy-queue-api.ts';
import { DispenseModal } from './dispense-modal.tsx';
import { EventsTimeline } from './events-timeline.tsx';
import { MoveActions } from './move-actions.tsx';
import { PrescriptionLines } from './prescription-lines.tsx';
import { usePayerLabel } from './queue-table.tsx';
import { ReviewChecklist } from './review-checklist.tsx';
import { formatMoment, formatRupiah, STATUS_COLOURS } from './rx-format.ts';
import { SubstituteModal } from './substitute-modal.tsx';

/** While the lines may still change: a substitution is possible. */
const CHANGING: readonly PharmacyStatus[] = ['in_review', 'on_hold', 'preparing'];
/** Statuses reached with a reason, shown under the header (a hold asks the doctor something). */
const WITH_REASON: readonly PharmacyStatus[] = ['on_hold', 'rejected', 'cancelled', 'returned'];
/** Labels are printed from preparation on. */
const LABELLED: readonly PharmacyStatus[] = ['preparing', 'ready', 'partially_dispensed', 'dispensed'];

/** One prescription at the counter: the patient and allergies first, the moves, the lines, the review, the history. */
export function PrescriptionDetail({
  prescription,
  timeZone,
}: {
  prescription: PharmacyPrescription;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const payerLabel = usePayerLabel();
  const [dispensing, setDispensing] = useState(false);
  const [substituting, setSubstituting] = useState<PrescriptionLine | null>(null);
  const rx = prescription;
  const canDispense = mayMove('dispense', rx.status) && rx.lines.some((l) => l.owed > 0);
  const why = WITH_REASON.includes(rx.status)
    ? rx.events.findLast((e) => e.to === rx.status && e.reason)
    : undefined;

  return (
    <Stack gap="md" data-testid="rx-detail">
      <Stack gap={4}>
        <Group gap="xs">
          <Title order={3}>{rx.patient.name}</Title>
          <Badge color={STATUS_COLOURS[rx.status]} variant="light" size="lg">
            {t(`pharmacy.statuses.${rx.status}`)}
          </Badge>
          {rx.priority === 'cito' && <Badge color="red">{t('pharmacy.priorities.cito')}</Badge>}
          {rx.racikan && (
            <Badge color="grape" variant="light">
              {t('pharmacyQueue.racikan')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('pharmacyQueue.detail.mrn')} {rx.patient.mrn} · {t('pharmacyQueue.columns.queue')}{' '}
          {rx.queueNumber} · {t('pharmacyQueue.detail.doctor')} {rx.doctorName ?? '—'} ·{' '}
          {t('pharmacyQueue.detail.payer')} {payerLabel(rx.payerType)}
        </Text>
        <Text size="sm" c={rx.overStandard ? 'red.7' : 'dimmed'} fw={rx.overStandard ? 700 : 400}>
          {t('pharmacyQueue.detail.submittedAt')} {formatMoment(rx.submittedAt, timeZone)} ·{' '}
          {t('pharmacyQueue.waited', { minutes: rx.waitedMinutes, standard: rx.standardMinutes })}
        </Text>
      </Stack>

      {rx.allergies ? (
        <Alert
          color="red"
          variant="filled"
          icon={<IconAlertTriangle size={20} />}
          title={t('pharmacyQueue.detail.allergies')}
        >
          {rx.allergies}
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          {t('pharmacyQueue.detail.noAllergies')}
        </Text>
      )}
      {why && (
        <Alert
          color={rx.status === 'on_hold' ? 'orange' : 'red'}
          variant="light"
          title={t(`pharmacy.statuses.${rx.status}`)}
          data-testid="rx-reason"
        >
          {why.reason}
          {why.userName ? ` — ${why.userName}` : ''}
        </Alert>
      )}
      {!rx.pharmacyLocation && (
        <Alert color="orange" variant="light">
          {t('pharmacyQueue.detail.noLocation')}
        </Alert>
      )}

      <Group gap="xs" justify="space-between">
        <MoveActions prescription={rx} />
        <Group gap="xs">
          {LABELLED.includes(rx.status) && (
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="default" leftSection={<IconPrinter size={16} />}>
                  {t('pharmacyQueue.labels.print')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {(['roll80', 'label'] as const).map((paper) => (
                  <Menu.Item
                    key={paper}
                    onClick={() => window.open(labelsUrl(rx.uid, paper), '_blank', 'noopener')}
                  >
                    {t(`pharmacyQueue.labels.${paper}`)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
          {canDispense && (
            <Button
              color="green"
              leftSection={<IconHandGrab size={16} />}
              onClick={() => setDispensing(true)}
            >
              {t('pharmacyQueue.dispense.open')}
            </Button>
          )}
        </Group>
      </Group>

      <Divider label={t('pharmacyQueue.detail.lines')} labelPosition="left" />
      {rx.pharmacyLocation && (
        <Text size="xs" c="dimmed">
          {t('pharmacyQueue.detail.location')} {rx.pharmacyLocation.name}
        </Text>
      )}
      <PrescriptionLines
        prescription={rx}
        onSubstitute={CHANGING.includes(rx.status) ? setSubstituting : null}
      />
      {rx.racikan && (rx.fees.compounding > 0 || rx.fees.packaging > 0) && (
        <Text size="sm" c="dimmed">
          {t('pharmacyQueue.detail.fees', {
            compounding: formatRupiah(rx.fees.compounding),
            packaging: formatRupiah(rx.fees.packaging),
          })}
        </Text>
      )}

      <Stack gap={4}>
        <Text fw={700}>{t('pharmacyQueue.detail.interactions')}</Text>
        {rx.interactions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('pharmacyQueue.detail.noInteractions')}
          </Text>
        ) : (
          <List size="sm" spacing={4}>
            {rx.interactions.map((x) => (
              <List.Item key={`${x.lines[0]}-${x.lines[1]}-${x.drugs.join('-')}`}>
                <Badge
                  size="sm"
                  mr={6}
                  color={x.severity === 'major' ? 'red' : x.severity === 'moderate' ? 'orange' : 'yellow'}
                >
                  {t(`pharmacyQueue.detail.severity.${x.severity}`)}
                </Badge>
                <Text span fw={600} size="sm">
                  {x.drugs[0]} + {x.drugs[1]}
                </Text>
                <Text span size="sm">
                  {' '}
                  — {x.effect}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
        <Text size="xs" c="dimmed" fs="italic">
          <IconInfoCircle size={12} style={{ verticalAlign: 'middle' }} />{' '}
          {t('pharmacyQueue.detail.interactionsNote')}
        </Text>
      </Stack>

      <Divider />
      {/* keyed by the saved review: a save (here or elsewhere) resets the form to it */}
      <ReviewChecklist
        key={`${rx.uid}-${rx.review?.reviewedAt ?? ''}`}
        prescription={rx}
        timeZone={timeZone}
      />

      <Divider label={t('pharmacyQueue.detail.events')} labelPosition="left" />
      <EventsTimeline prescription={rx} timeZone={timeZone} />

      <DispenseModal prescription={rx} opened={dispensing} onClose={() => setDispensing(false)} />
      <SubstituteModal prescriptionUid={rx.uid} line={substituting} onClose={() => setSubstituting(null)} />
    </Stack>
  );
}
