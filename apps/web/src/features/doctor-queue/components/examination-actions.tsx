import {
  canCall,
  canMove,
  type RegistrationStatus,
} from '@klinikita/domain/registrations/registration.rules';
import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import { Button, Group, Kbd, Text } from '@mantine/core';
import {
  IconArrowRight,
  IconCash,
  IconCheck,
  IconPill,
  IconPlayerSkipForward,
  IconSpeakerphone,
} from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { patientLabel } from '../queue-params.ts';
import { confirmMove, useCallPatient, useStatusMove } from './status-move.tsx';

/**
 * The moves the doctor makes from the banner: call, skip, and "Selesai Periksa". During the
 * examination `onFinish` finishes the note (sign, prescription, orders); without it (an old visit
 * still in Examination, or someone who is not a doctor) the button is not offered. A visit left in
 * Exam Done (before the note existed) goes on to the pharmacy or the cashier from here.
 */
export function ExaminationActions({
  registration: r,
  onFinish,
  finishing,
}: {
  registration: Registration;
  onFinish?: () => void;
  finishing?: boolean;
}) {
  const { t } = useTranslation();
  const { move, pendingId } = useStatusMove();
  const { call, pendingId: callingId } = useCallPatient(useCallback(() => undefined, []));
  const busy = pendingId === r._id || callingId === r._id;
  const name = patientLabel(r);
  const askSkip = () =>
    confirmMove({
      title: t('doctorQueue.actions.skipTitle'),
      question: t('doctorQueue.actions.skipQuestion', { queueNumber: r.queueNumber, name }),
      confirm: t('doctorQueue.actions.skipConfirm'),
      onConfirm: () => void move(r, 'Skip' satisfies RegistrationStatus),
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
      {canMove(r.status, 'Skip') && (
        <Button
          variant="default"
          leftSection={<IconPlayerSkipForward size={16} />}
          loading={busy}
          disabled={finishing}
          onClick={askSkip}
        >
          {t('doctorQueue.actions.skip')}
        </Button>
      )}
      {r.status === 'Examination' && onFinish && (
        <Button
          leftSection={<IconCheck size={16} />}
          rightSection={
            <Kbd size="xs" aria-hidden>
              Ctrl+Enter
            </Kbd>
          }
          loading={finishing}
          disabled={busy}
          onClick={onFinish}
        >
          {t('doctorQueue.actions.examDone')}
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
