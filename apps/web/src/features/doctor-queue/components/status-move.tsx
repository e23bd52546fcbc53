import type { RegistrationStatus } from '@klinikita/domain/registrations/registration.rules';
import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { usePatchRegistration } from '../../../shared/registrations/registrations-api.ts';
import { showStatusWarning } from '../../../shared/registrations/status-warning.tsx';

export { StatusBadge } from '../../../shared/registrations/status-badge.tsx';

import { useSessionUser } from '../../../shared/session/session-store.ts';
import { patientLabel } from '../queue-params.ts';

/** Asks before a move that cannot be undone; Enter confirms. */
export function confirmMove(options: {
  title: string;
  question: string;
  confirm: string;
  onConfirm: () => void;
}) {
  modals.openConfirmModal({
    title: options.title,
    centered: true,
    size: 'sm',
    children: <Text size="sm">{options.question}</Text>,
    labels: { confirm: options.confirm, cancel: i18n.t('doctorQueue.cancel') },
    confirmProps: { 'data-autofocus': true },
    onConfirm: options.onConfirm,
  });
}

/**
 * Moves a registration to another status (`PATCH registrations/registrations/{id}`), sending the
 * status the screen showed so that a move made meanwhile by someone else is refused (409).
 * Resolves to the updated registration, or null after showing why it failed.
 */
export function useStatusMove() {
  const user = useSessionUser();
  const patch = usePatchRegistration();
  const { mutateAsync } = patch;
  const move = useCallback(
    async (registration: Registration, to: RegistrationStatus): Promise<Registration | null> => {
      try {
        const answer = await mutateAsync({
          id: registration._id,
          clinicId: registration.clinicId,
          // a doctor moves as themself (the server checks it is their patient); others on the doctor's behalf
          doctorId: user.DoctorId ?? registration.doctor?.doctorId ?? null,
          fromStatus: registration.status,
          updateField: { status: to },
        });
        return answer.data ?? null;
      } catch (error) {
        if (error instanceof ApiError && error.status > 0 && error.status < 500)
          showStatusWarning(error.message);
        else void reportUnexpectedError(error);
        return null;
      }
    },
    [mutateAsync, user.DoctorId],
  );
  return { move, pendingId: patch.isPending ? patch.variables?.id : undefined };
}

/** The call of spec 4: a confirmation, then the move to Examination. */
export function useCallPatient(onCalled: (registration: Registration) => void) {
  const { t } = useTranslation();
  const { move, pendingId } = useStatusMove();
  const call = useCallback(
    (registration: Registration) =>
      confirmMove({
        title: t('doctorQueue.call.title'),
        question: t('doctorQueue.call.question', {
          queueNumber: registration.queueNumber,
          name: patientLabel(registration),
        }),
        confirm: t('doctorQueue.call.confirm'),
        onConfirm: () => {
          void move(registration, 'Examination').then((moved) => {
            if (moved) onCalled(moved);
          });
        },
      }),
    [move, onCalled, t],
  );
  return { call, pendingId };
}
