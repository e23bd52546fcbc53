import { WAITING_GROUP } from '@klinikita/domain/registrations/registration.rules';
import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import { Button, Kbd } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRegistrations } from '../../../shared/registrations/registrations-api.ts';
import { doctorPagePath } from '../components/queue-list.tsx';
import { useCallPatient } from '../components/status-move.tsx';
import { useQueueDoctor } from '../queue-doctor.ts';
import { nextToCall } from '../queue-params.ts';

/** The keyboard shortcut of "Panggil berikutnya" (DESIGN 9: call-next from the keyboard). */
export const CALL_NEXT_KEY = 'N';

/** Today's waiting patients of the doctor (or of every doctor, for a nurse) at the working clinic. */
export function useWaitingToday() {
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
export function CallNextButton({
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
