import {
  canCall,
  canMove,
  type RegistrationStatus,
} from '@klinikita/domain/registrations/registration.rules';
import { Button, Card, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../shared/registrations/status-badge.tsx';

export interface Move {
  to: RegistrationStatus;
  label: string;
}

/** The status moves the lab (or physio) makes from the status shown. */
export function movesFrom(status: RegistrationStatus, physio: boolean, t: (key: string) => string): Move[] {
  const start = physio ? t('labQueue.page.startTherapy') : t('labQueue.page.startExam');
  const finish = physio ? t('labQueue.page.finishTherapy') : t('labQueue.page.finishExam');
  const moves: Move[] = [];
  if (canCall(status)) moves.push({ to: 'Examination', label: start });
  if (status === 'Examination') moves.push({ to: 'Exam Done', label: finish });
  if (status === 'Exam Done') moves.push({ to: 'Payment', label: t('labQueue.page.toPayment') });
  return moves.filter((m) => canMove(status, m.to));
}

/** The status shown and the moves offered from it. */
export function ExaminationStatus({
  status,
  moves,
  pending,
  disabled,
  onMove,
}: {
  status: RegistrationStatus;
  moves: Move[];
  /** The status being sent, for its button's spinner. */
  pending: string | null;
  disabled: boolean;
  onMove: (move: Move) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Text fw={600}>{t('labQueue.page.statusTitle')}</Text>
          <span data-testid="exam-status">
            <StatusBadge status={status} size="md" />
          </span>
        </Group>
        <Group gap="sm">
          {moves.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('labQueue.page.noMove')}
            </Text>
          )}
          {moves.map((move) => (
            <Button
              key={move.to}
              onClick={() => onMove(move)}
              loading={pending === move.to}
              disabled={disabled}
            >
              {move.label}
            </Button>
          ))}
        </Group>
      </Group>
    </Card>
  );
}
