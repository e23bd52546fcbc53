import type { ServiceOrder } from '@klinikita/domain/consultations/encounter.schema';
import type { Locale } from '@klinikita/domain/i18n/locale';
import { listPatientPhysioProgrammes } from '@klinikita/domain/physio/physio.contract';
import type { PhysioProgramme, PhysioSession } from '@klinikita/domain/physio/physio.schema';
import { Badge, Button, Card, Group, Loader, type MantineSpacing, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractQuery } from '../api/contract-client.ts';
import { formatDateTime } from '../format.ts';
import { usePermissions } from '../session/permissions.ts';
import { useSessionUser } from '../session/session-store.ts';

/** The programmes shown before "Tampilkan … lainnya". */
const SHOWN = 2;

const STATUS_COLORS: Record<PhysioProgramme['status'], string> = {
  active: 'teal',
  completed: 'gray',
  stopped: 'orange',
};

/** The visits a programme was worked on: the one that opened it and those of its sessions. */
const visitsOf = (p: PhysioProgramme) => [p.registrationId, ...p.sessions.map((s) => s.registrationId)];

/** What a session or re-evaluation measured: pain before → after, what was done, the note. */
function SessionLines({ session: s, locale }: { session: PhysioSession; locale: Locale }) {
  const { t } = useTranslation();
  const { timeZone } = useSessionUser();
  const measures = [
    ...s.rangeOfMotion.map((r) => `${r.joint} ${r.movement} ${r.degrees}°`),
    ...s.strength.map((m) => `${m.muscle} ${m.grade}/5`),
  ];
  return (
    <>
      <Text size="xs" c="dimmed">
        {[
          t('physio.session.next', { n: s.sessionNumber }),
          s.kind === 'reevaluation' ? t('physio.session.kinds.reevaluation') : null,
          formatDateTime(s.performedAt, locale, timeZone),
          s.performedBy,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      <Text size="sm">
        {t('physio.history.pain')}:{' '}
        <Text span fw={700} size="sm">
          {s.painBefore} → {s.painAfter}
        </Text>
      </Text>
      {s.interventions && (
        <Text size="sm">
          {t('physio.session.interventions')}: {s.interventions}
        </Text>
      )}
      {s.note && (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {t('physio.session.note')}: {s.note}
        </Text>
      )}
      {s.kind === 'reevaluation' && measures.length > 0 && <Text size="sm">{measures.join(' · ')}</Text>}
      {s.kind === 'reevaluation' && s.function && (
        <Text size="sm">
          {t('physio.assessment.function')}: {s.function}
        </Text>
      )}
    </>
  );
}

/**
 * One programme: diagnosis, status and sessions done of planned; the last session (pain before and
 * after, interventions, note) and the last re-evaluation when it was an earlier session.
 */
function ProgrammeBlock({
  programme: p,
  locale,
  ordered,
}: {
  programme: PhysioProgramme;
  locale: Locale;
  /** Worked on for an order of the visit on screen. */
  ordered: boolean;
}) {
  const { t } = useTranslation();
  const { timeZone } = useSessionUser();
  const last = p.sessions.at(-1);
  const reevaluation = p.sessions.filter((s) => s.kind === 'reevaluation').at(-1);
  return (
    <Stack gap={2} component="li" style={{ listStyle: 'none' }} data-testid={`physio-programme-${p.uid}`}>
      <Group gap={4} justify="space-between" wrap="nowrap">
        <Text size="sm" fw={700}>
          {p.diagnosis ?? t('physio.programme.title')}
        </Text>
        <Group gap={4} wrap="nowrap">
          {ordered && (
            <Badge size="xs" variant="outline">
              {t('physio.card.thisVisit')}
            </Badge>
          )}
          <Badge size="xs" variant="light" color={STATUS_COLORS[p.status]}>
            {t(`physio.programme.statuses.${p.status}`)}
          </Badge>
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        {t('physio.programme.progress', { done: p.sessionsDone, planned: p.plannedSessions })} ·{' '}
        {t('physio.card.opened', {
          date: formatDateTime(p.createdAt, locale, timeZone),
          clinic: p.clinicName,
        })}
      </Text>
      {last ? (
        <>
          <Text size="xs" fw={700} mt={4}>
            {t('physio.card.lastSession')}
          </Text>
          <SessionLines session={last} locale={locale} />
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('physio.history.empty')} ·{' '}
          {t('physio.programme.painBaseline', { value: p.assessment.painScale })}
        </Text>
      )}
      {reevaluation && reevaluation !== last && (
        <>
          <Text size="xs" fw={700} mt={4}>
            {t('physio.card.lastReevaluation')}
          </Text>
          <SessionLines session={reevaluation} locale={locale} />
        </>
      )}
    </Stack>
  );
}

/**
 * "Fisioterapi" on the doctor's screen: the patient's programmes, those of this visit's orders
 * first (or that their note is awaited), each with its sessions done of planned, the last session
 * and the last re-evaluation. `visitOnly` (a visit of the record): the programmes of `orders`
 * alone, nothing without a physiotherapy order. Out of the way when there is nothing to show.
 */
export function PhysioCard({
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
  const physioOrders = orders.filter((o) => o.serviceType === 'PHYSIO');
  const wanted = canRead && (!visitOnly || physioOrders.length > 0);
  const programmes = useContractQuery(
    listPatientPhysioProgrammes,
    { params: { uid: patientUid } },
    { enabled: wanted },
  );
  if (!wanted) return null;
  const list = programmes.data ?? [];
  const worked = (o: ServiceOrder, p: PhysioProgramme) =>
    o.registrationId !== null && visitsOf(p).includes(o.registrationId);
  const current = list.filter((p) => physioOrders.some((o) => worked(o, p)));
  const earlier = visitOnly ? [] : list.filter((p) => !current.includes(p));
  const awaited = physioOrders.filter((o) => !list.some((p) => worked(o, p)));
  // nothing ordered, no programme (or none could be read): the card stays out of the way
  if (!programmes.isLoading && list.length === 0 && physioOrders.length === 0) return null;
  const shown = [...current, ...(all ? earlier : earlier.slice(0, SHOWN))];
  return (
    <Card
      mt={mt}
      withBorder
      padding="sm"
      component="section"
      aria-labelledby={titleId}
      data-testid="physio-card"
    >
      <Title order={3} size="h5" id={titleId} mb={6}>
        {t('physio.title')}
      </Title>
      {programmes.isLoading ? (
        <Loader size="xs" />
      ) : programmes.isError ? (
        <Text size="sm" c="red.7">
          {t('physio.loadFailed')}
        </Text>
      ) : (
        <Stack gap="xs">
          {awaited.length > 0 && (
            <Text size="sm" c="dimmed">
              {t('physio.card.waiting', { items: awaited.flatMap((o) => o.items).join(', ') })}
            </Text>
          )}
          {shown.length > 0 && (
            <Stack gap="sm" component="ul" p={0} m={0} aria-label={t('physio.title')}>
              {shown.map((p) => (
                <ProgrammeBlock
                  key={p.uid}
                  programme={p}
                  locale={locale}
                  ordered={!visitOnly && current.includes(p)}
                />
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
              {t('physio.card.more', { count: earlier.length - SHOWN })}
            </Button>
          )}
        </Stack>
      )}
    </Card>
  );
}
