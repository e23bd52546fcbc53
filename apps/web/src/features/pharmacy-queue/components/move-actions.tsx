import { MOVES, mayMove, type PharmacyAction } from '@klinikita/domain/pharmacy/pharmacy.rules';
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PharmacyPrescription, useMovePrescription } from '../api/pharmacy-queue-api.ts';
import { FORM_ERROR, serverErrors } from './form-errors.ts';

/** The moves in the order the counter takes them; forward ones filled, refusals red. */
const ORDER: readonly { action: Exclude<PharmacyAction, 'dispense'>; color: string; variant: string }[] = [
  { action: 'review', color: 'blue', variant: 'filled' },
  { action: 'resume', color: 'blue', variant: 'filled' },
  { action: 'prepare', color: 'violet', variant: 'filled' },
  { action: 'ready', color: 'teal', variant: 'filled' },
  { action: 'hold', color: 'orange', variant: 'light' },
  { action: 'reject', color: 'red', variant: 'light' },
  { action: 'cancelRest', color: 'gray', variant: 'light' },
  { action: 'return', color: 'gray', variant: 'light' },
  { action: 'cancel', color: 'gray', variant: 'subtle' },
];

/**
 * The buttons of the moves allowed from the prescription's status (the shared rules); a move that
 * needs a reason asks for it in a modal, which keeps what was typed when the server refuses.
 */
export function MoveActions({ prescription }: { prescription: PharmacyPrescription }) {
  const { t } = useTranslation();
  const move = useMovePrescription();
  const [asking, setAsking] = useState<PharmacyAction | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const send = (action: PharmacyAction, why: string | null) => {
    setErrors({});
    move.mutate(
      { params: { uid: prescription.uid }, body: { action: action as never, reason: why } },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', message: answer.message });
          setAsking(null);
          setReason('');
        },
        onError: (error) => {
          const marks = serverErrors(error) ?? {};
          if (MOVES[action].reason) setErrors(marks);
          else if (marks[FORM_ERROR]) notifications.show({ color: 'red', message: marks[FORM_ERROR] });
        },
      },
    );
  };
  const allowed = ORDER.filter(({ action }) => mayMove(action, prescription.status));
  const label = (action: PharmacyAction) => t(`pharmacy.actions.${action}`);

  return (
    <>
      <Group gap="xs" data-testid="move-actions">
        {allowed.map(({ action, color, variant }) => (
          <Button
            key={action}
            size="sm"
            color={color}
            variant={variant}
            loading={move.isPending && move.variables?.body.action === action && !asking}
            onClick={() => {
              if (MOVES[action].reason) {
                setErrors({});
                setAsking(action);
              } else send(action, null);
            }}
          >
            {label(action)}
          </Button>
        ))}
      </Group>
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking ? t('pharmacyQueue.moves.reasonTitle', { action: label(asking) }) : ''}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!asking) return;
            if (!reason.trim()) {
              setErrors({ reason: t('pharmacy.reasonRequired') });
              return;
            }
            send(asking, reason.trim());
          }}
        >
          <Stack gap="sm">
            <Textarea
              data-autofocus
              label={t('pharmacyQueue.moves.reason')}
              description={t('pharmacyQueue.moves.reasonHint')}
              withAsterisk
              autosize
              minRows={2}
              maxLength={500}
              value={reason}
              error={errors.reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
            {errors[FORM_ERROR] && (
              <Alert color="red" role="alert">
                {errors[FORM_ERROR]}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(null)}>
                {t('pharmacyQueue.moves.cancel')}
              </Button>
              <Button type="submit" color={asking === 'reject' ? 'red' : 'orange'} loading={move.isPending}>
                {asking ? label(asking) : t('pharmacyQueue.moves.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
