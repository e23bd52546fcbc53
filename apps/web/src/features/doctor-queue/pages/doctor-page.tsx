import { WAITING_GROUP } from '@klinikita/domain/registrations/registration.rules';
import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Kbd,
  Loader,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconCircleCheck, IconSpeakerphone, IconStethoscope } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api-client.ts';
import {
  type Encounter,
  type EncounterFinishResult,
  useEncounter,
  usePatientEncounters,
} from '../../../shared/consultations/encounters-api.ts';
import { useLiveRegistrations } from '../../../shared/live/live-events.ts';
import { useRegistration, useRegistrations } from '../../../shared/registrations/registrations-api.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { ExaminationActions } from '../components/examination-actions.tsx';
import { PatientBanner } from '../components/patient-banner.tsx';
import { doctorPagePath } from '../components/queue-list.tsx';
import { useCallPatient } from '../components/status-move.tsx';
import { ExaminationWorkspace } from '../examination/examination-workspace.tsx';
import { SignedNote } from '../examination/signed-note.tsx';
import { useQueueDoctor } from '../queue-doctor.ts';
import { nextToCall, patientLabel } from '../queue-params.ts';

/** The keyboard shortcut of "Panggil berikutnya" (DESIGN 9: call-next from the keyboard). */
const CALL_NEXT_KEY = 'N';

/** Today's waiting patients of the doctor (or of every doctor, for a nurse) at the working clinic. */
function useWaitingToday() {
  const { clinic, doctorId } = useQueueDoctor();
  const list = useRegistrations(
    clinic
      ? {
          clinicId: clinic.id,
          order: 'arrivedAt_1',
          limit: 1000,
          orderType: 'doctor',
          doctorId,
          status: [...WAITING_GROUP],
        }
      : null,
  );
  const rows = list.data?.docs ?? [];
  return { rows, next: nextToCall(rows), loading: list.isLoading };
}

/** "Panggil berikutnya": calls the lowest queue number still waiting, after the confirmation. */
function CallNextButton({
  variant = 'filled',
  withShortcut = true,
}: {
  variant?: 'filled' | 'light';
  /** One button on the page owns N (two would open two confirmations). */
  withShortcut?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { next, loading } = useWaitingToday();
  const onCalled = useCallback((r: Registration) => navigate(doctorPagePath(r._id)), [navigate]);
  const { call, pendingId } = useCallPatient(onCalled);
  useHotkeys(withShortcut ? [[CALL_NEXT_KEY.toLowerCase(), () => next && call(next)]] : []);
  return (
    <Button
      variant={variant}
      leftSection={<IconSpeakerphone size={16} />}
      rightSection={
        <Kbd size="xs" aria-hidden>
          {CALL_NEXT_KEY}
        </Kbd>
      }
      disabled={!next}
      loading={loading || (pendingId !== undefined && pendingId === next?._id)}
      onClick={() => next && call(next)}
      title={t('doctorQueue.page.shortcut', { key: CALL_NEXT_KEY })}
    >
      {t('doctorQueue.page.callNext')}
    </Button>
  );
}

/** No patient open: say what to do, and offer to call the next one. */
function PickPatient() {
  const { t } = useTranslation();
  const { rows, next, loading } = useWaitingToday();
  return (
    <Card padding="xl">
      <Center>
        <Stack align="center" gap="sm" maw={420} ta="center" py="lg">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconStethoscope size={30} />
          </ThemeIcon>
          <Text size="md">{t('doctorQueue.page.pickPatient')}</Text>
          {!loading && (
            <Text size="sm" c="dimmed" data-testid="next-patient">
              {next
                ? `${t('doctorQueue.page.waitingCount', { count: rows.length })} · ${t(
                    'doctorQueue.page.next',
                    {
                      queueNumber: next.queueNumber,
                      name: patientLabel(next),
                    },
                  )}`
                : t('doctorQueue.page.noneWaiting')}
            </Text>
          )}
          <CallNextButton />
          <Text size="xs" c="dimmed">
            {t('doctorQueue.page.shortcut', { key: CALL_NEXT_KEY })}
          </Text>
        </Stack>
      </Center>
    </Card>
  );
}

/** The note of a visit past its examination: the one just finished, or found in the record. */
function RecordedNote({ registration: r, finished }: { registration: Registration; finished?: Encounter }) {
  const user = useSessionUser();
  const fresh = useEncounter(finished?.uid ?? null);
  const visits = usePatientEncounters(finished ? null : r.patient.uid, { limit: 10 });
  const note = finished
    ? (fresh.data ?? finished)
    : visits.data?.docs.find((e) => e.registration.uid === r._id);
  if (!finished && visits.isLoading) {
    return (
      <Center py="md">
        <Loader size="sm" />
      </Center>
    );
  }
  return note ? <SignedNote encounter={note} canAddendum={user.DoctorId !== null} /> : null;
}

/** What finishing did: where the patient goes, the service queues made, and on to the next one. */
function FinishOutcome({ result }: { result: EncounterFinishResult }) {
  const { t } = useTranslation();
  const { nextStatus } = result;
  // the orders get their queue numbers from the service desks a moment after the signature
  const fresh = useEncounter(result.encounter.uid);
  const encounter = fresh.data ?? result.encounter;
  return (
    <Alert
      color="teal"
      icon={<IconCircleCheck size={20} />}
      title={t('examination.finish.done')}
      data-testid="finish-outcome"
    >
      <Stack gap={6}>
        <Text size="sm">
          {t('examination.finish.nextStatus', {
            next: t(`consultations.next.${nextStatus}`),
            status: t(`registrations.statuses.${nextStatus}`),
          })}
        </Text>
        {encounter.serviceOrders.length > 0 && (
          <div>
            <Text size="sm" fw={600}>
              {t('examination.finish.orders')}
            </Text>
            {encounter.serviceOrders.map((o) => (
              <Group key={o.uid} gap="xs">
                {o.queueNumber ? (
                  <Badge ff="monospace" variant="filled" size="md">
                    {o.queueNumber}
                  </Badge>
                ) : (
                  <Loader size="xs" aria-label={t('emr.visit.orderSent')} />
                )}
                <Text size="sm">
                  {t(`consultations.services.${o.serviceType}`)} · {o.items.join(', ')}
                </Text>
              </Group>
            ))}
          </div>
        )}
        {encounter.letters.length > 0 && (
          <Text size="sm">
            {t('examination.finish.letters')}: {encounter.letters.map((l) => l.number).join(', ')}
          </Text>
        )}
        <Group gap="xs" mt={4}>
          <Text size="sm">{t('examination.finish.callNext')}</Text>
          <CallNextButton withShortcut={false} />
        </Group>
      </Stack>
    </Alert>
  );
}

/** Statuses whose note is over: shown read-only under the banner. */
const PAST_EXAMINATION = ['Exam Done', 'Prescription Waiting', 'Payment', 'Paid'];

function OpenPatient({ id }: { id: string }) {
  const { t } = useTranslation();
  const { clinic } = useQueueDoctor();
  const registration = useRegistration(id);
  const [finished, setFinished] = useState<EncounterFinishResult | null>(null);
  const r = registration.data;
  // the layout's sidebar follows the working clinic; a patient of another clinic needs its own stream
  useLiveRegistrations(r && r.clinicId !== clinic?.id ? r.clinicId : null);
  if (registration.isLoading) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (!r) {
    const missing = registration.error instanceof ApiError && registration.error.status === 404;
    return (
      <Alert color={missing ? 'gray' : 'red'}>
        {t(missing ? 'doctorQueue.page.notFound' : 'doctorQueue.page.loadFailed')}
      </Alert>
    );
  }
  if (finished) {
    return (
      <Stack gap="sm">
        <PatientBanner
          registration={r}
          // until the visit is read back in its new status, offer no move on it
          actions={r.status === 'Examination' ? null : <ExaminationActions registration={r} />}
        />
        <FinishOutcome result={finished} />
        <RecordedNote registration={r} finished={finished.encounter} />
      </Stack>
    );
  }
  if (r.status === 'Examination') {
    return (
      <ExaminationWorkspace
        registration={r}
        onFinished={(result) => {
          setFinished(result);
          // the outcome and "Panggil berikutnya" are at the top
          window.scrollTo({ top: 0 });
        }}
      />
    );
  }
  return (
    <Stack gap="sm">
      <PatientBanner registration={r} actions={<ExaminationActions registration={r} />} />
      {PAST_EXAMINATION.includes(r.status) && <RecordedNote registration={r} />}
    </Stack>
  );
}

/**
 * `/Doctor/doctor` (route Doctor-doctor): the patient the sidebar opened (`?id=`), with the moves
 * the doctor makes now; without one, a prompt to pick a patient and "Panggil berikutnya".
 * Live: the layout's sidebar keeps every registration query of the working clinic fresh.
 */
export function DoctorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {t('doctorQueue.page.title')}
        </Title>
        {id && <CallNextButton variant="light" />}
      </Group>
      {id ? <OpenPatient key={id} id={id} /> : <PickPatient />}
    </Stack>
  );
}
