import { mayMoveVisit } from '@klinikita/domain/access/permissions';
import {
  canCall,
  type RegistrationStatus,
  STATUS_MOVES,
} from '@klinikita/domain/registrations/registration.rules';
import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { IconDotsVertical, IconPlayerSkipForward, IconSpeakerphone, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS } from '../../../shared/registrations/status-badge.tsx';
import { usePermissions } from '../../../shared/session/permissions.ts';

/**
 * Call and Skip as buttons, every other legal move of STATUS_MOVES that the user may make in a
 * menu. Calls and skips are for today's queue only (`today`); the menu stays for settling earlier days.
 */
export function RowActions({
  registration: r,
  today,
  busy,
  onMove,
}: {
  registration: Registration;
  today: boolean;
  busy: boolean;
  onMove: (r: Registration, to: RegistrationStatus) => void;
}) {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const moves = STATUS_MOVES[r.status];
  const canSkip = moves.includes('Skip');
  const others = moves.filter(
    (to) =>
      to !== 'Skip' &&
      !(to === 'Examination' && canCall(r.status)) &&
      mayMoveVisit(permissions, r, r.status, to),
  );
  const names = { queueNumber: r.queueNumber };
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      <Button
        size="compact-sm"
        leftSection={<IconSpeakerphone size={14} />}
        disabled={!canCall(r.status) || !today}
        loading={busy}
        aria-label={t('queueBoard.callLabel', names)}
        onClick={() => onMove(r, 'Examination')}
      >
        {t('queueBoard.call')}
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconPlayerSkipForward size={14} />}
        disabled={!canSkip || !today || busy}
        aria-label={t('queueBoard.skipLabel', names)}
        onClick={() => onMove(r, 'Skip')}
      >
        {t('queueBoard.skip')}
      </Button>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            disabled={others.length === 0 || busy}
            aria-label={t('queueBoard.moreMoves', names)}
            title={others.length === 0 ? t('queueBoard.noMoves') : undefined}
          >
            <IconDotsVertical size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {others.map((to) =>
            to === 'Cancelled' ? (
              <Menu.Item key={to} color="red" leftSection={<IconX size={14} />} onClick={() => onMove(r, to)}>
                {t('queueBoard.cancelVisit')}
              </Menu.Item>
            ) : (
              <Menu.Item
                key={to}
                leftSection={
                  <span
                    aria-hidden
                    style={{
                      display: 'inline-block',
                      width: 8,
                      height: 8,
                      borderRadius: 4,
                      background: `var(--mantine-color-${STATUS_COLORS[to]}-6)`,
                    }}
                  />
                }
                onClick={() => onMove(r, to)}
              >
                {t('queueBoard.moveTo', { status: t(`registrations.statuses.${to}`) })}
              </Menu.Item>
            ),
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
