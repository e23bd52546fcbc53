import type { RegistrationStatus } from '@klinikita/domain/registrations/registration.rules';
import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { isUnexpectedError } from '../../../shared/api-client.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { usePatchRegistration } from '../../../shared/registrations/registrations-api.ts';
import { showStatusWarning } from '../../../shared/registrations/status-warning.tsx';
import { confirmMove } from '../components/move-dialogs.tsx';

/** Title and name, as the board lists them. */
export const patientName = (r: Registration) =>
  r.patient.title ? `${r.patient.title}. ${r.patient.name}` : r.patient.name;

/**
 * Moves a registration to another status. A call (to Examination) and a cancellation ask first.
 * The status the board showed goes along as `fromStatus`, so a move someone else made meanwhile
 * is refused (409) and its message shown as a warning (spec 8); the list refreshes either way.
 */
export function useStatusMove() {
  const { t } = useTranslation();
  const patch = usePatchRegistration();

  function send(r: Registration, to: RegistrationStatus) {
    patch.mutate(
      {
        id: r._id,
        clinicId: r.clinicId,
        doctorId: r.doctor?.doctorId,
        fromStatus: r.status,
        updateField: { status: to },
      },
      {
        onSuccess: (res) => notifications.show({ color: 'teal', message: translateMessage(res.message) }),
        // unexpected failures already raise the generic toast
        onError: (error) => {
          if (!isUnexpectedError(error)) showStatusWarning(translateMessage(error.message));
        },
      },
    );
  }

  function move(r: Registration, to: RegistrationStatus) {
    const names = { queueNumber: r.queueNumber, name: patientName(r), room: r.room };
    if (to === 'Examination')
      return confirmMove({
        title: t('queueBoard.callTitle'),
        message: t('queueBoard.callConfirm', names),
        confirm: t('queueBoard.call'),
        cancel: t('queueBoard.back'),
        onConfirm: () => send(r, to),
      });
    if (to === 'Cancelled')
      return confirmMove({
        title: t('queueBoard.cancelTitle'),
        message: t('queueBoard.cancelConfirm', names),
        confirm: t('queueBoard.cancelVisit'),
        cancel: t('queueBoard.back'),
        danger: true,
        onConfirm: () => send(r, to),
      });
    send(r, to);
  }

  /** The row whose move is on its way (its buttons wait). */
  const pendingId = patch.isPending ? patch.variables?.id : undefined;
  return { move, pendingId };
}
