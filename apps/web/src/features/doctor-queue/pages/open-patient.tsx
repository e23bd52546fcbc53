import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import { Alert, Badge, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client.ts';
import {
  type Encounter,
  type EncounterFinishResult,
  useEncounter,
  usePatientEncounters,
} from '../../../shared/consultations/encounters-api.ts';
import { useLiveRegistrations } from '../../../shared/live/live-events.ts';
import { useRegistration } from '../../../shared/registrations/registrations-api.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { ExaminationActions } from '../components/examination-actions.tsx';
import { PatientBanner } from '../components/patient-banner.tsx';
import { ExaminationWorkspace } from '../examination/examination-workspace.tsx';
import { SignedNote } from '../examination/signed-note.tsx';
import { useQueueDoctor } from '../queue-doctor.ts';
import { CallNextButton } from './call-next-button.tsx';

/*
 * The patient the doctor's screen opened (`?id=`): the examination note, the moves on the visit,
 * what finishing did. A chunk of its own: the doctor's screen without a patient (the first
 * screen of the day, after every "Selesai") draws its queue without the note's code, which loads
 * once that screen is drawn and the browser is idle.
 */

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

export function OpenPatient({ id }: { id: string }) {
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
