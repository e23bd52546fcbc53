import {
  canCall,
  canMove,
  type RegistrationStatus,
  WAITING_GROUP,
} from '@klinikita/domain/registrations/registration.rules';
import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import {
  Alert,
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
import {
  IconArrowRight,
  IconCash,
  IconCheck,
  IconPill,
  IconPlayerSkipForward,
  IconSpeakerphone,
  IconStethoscope,
} from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api-client.ts';
import { useLiveRegistrations } from '../../../shared/live/live-events.ts';
import { useRegistration, useRegistrations } from '../../../shared/registrations/registrations-api.ts';
import { PatientBanner } from '../components/patient-banner.tsx';
import { doctorPagePath } from '../components/queue-list.tsx';
import { confirmMove, useCallPatient, useStatusMove } from '../components/status-move.tsx';
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
function CallNextButton({ variant = 'filled' }: { variant?: 'filled' | 'light' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { next, loading } = useWaitingToday();
  const onCalled = useCallback((r: Registration) => navigate(doctorPagePath(r._id)), [navigate]);
  const { call, pendingId } = useCallPatient(onCalled);
  useHotkeys([[CALL_NEXT_KEY.toLowerCase(), () => next && call(next)]]);
  return (
    <Button
      variant={variant}
      leftSection={<IconSpeakerphone size={16} />}
      rightSection={<Kbd size="xs">{CALL_NEXT_KEY}</Kbd>}
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

/** The moves the doctor makes from the banner: call, exam done then pharmacy or cashier, skip. */
function ExaminationActions({ registration: r }: { registration: Registration }) {
  const { t } = useTranslation();
  const { move, pendingId } = useStatusMove();
  const { call, pendingId: callingId } = useCallPatient(useCallback(() => undefined, []));
  const busy = pendingId === r._id || callingId === r._id;
  const name = patientLabel(r);
  const ask = (to: RegistrationStatus, key: 'examDone' | 'skip') =>
    confirmMove({
      title: t(`doctorQueue.actions.${key}Title`),
      question: t(`doctorQueue.actions.${key}Question`, { queueNumber: r.queueNumber, name }),
      confirm: t(`doctorQueue.actions.${key}Confirm`),
      onConfirm: () => void move(r, to),
    });

  if (r.status === 'Exam Done') {
    return (
      <Group gap="xs" align="center">
        <Text size="sm" c="dimmed">
          {t('doctorQueue.actions.nextStep')}
        </Text>
        <Button
          leftSection={<IconPill size={16} />}
          loading={busy}
          onClick={() => void move(r, 'Prescription Waiting')}
        >
          {t('doctorQueue.actions.toPharmacy')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconCash size={16} />}
          loading={busy}
          onClick={() => void move(r, 'Payment')}
        >
          {t('doctorQueue.actions.toCashier')}
        </Button>
      </Group>
    );
  }
  return (
    <>
      {canCall(r.status) && (
        <Button leftSection={<IconSpeakerphone size={16} />} loading={busy} onClick={() => call(r)}>
          {t('doctorQueue.actions.call')}
        </Button>
      )}
      {canMove(r.status, 'Exam Done') && (
        <Button
          leftSection={<IconCheck size={16} />}
          loading={busy}
          onClick={() => ask('Exam Done', 'examDone')}
        >
          {t('doctorQueue.actions.examDone')}
        </Button>
      )}
      {canMove(r.status, 'Skip') && (
        <Button
          variant="default"
          leftSection={<IconPlayerSkipForward size={16} />}
          loading={busy}
          onClick={() => ask('Skip', 'skip')}
        >
          {t('doctorQueue.actions.skip')}
        </Button>
      )}
      {['Prescription Waiting', 'Payment', 'Paid'].includes(r.status) && (
        <Group gap={6} c="dimmed">
          <IconArrowRight size={16} />
          <Text size="sm">
            {t('doctorQueue.actions.forwarded', { status: t(`registrations.statuses.${r.status}`) })}
          </Text>
        </Group>
      )}
    </>
  );
}

function OpenPatient({ id }: { id: string }) {
  const { t } = useTranslation();
  const { clinic } = useQueueDoctor();
  const registration = useRegistration(id);
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
  return <PatientBanner registration={r} actions={<ExaminationActions registration={r} />} />;
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
