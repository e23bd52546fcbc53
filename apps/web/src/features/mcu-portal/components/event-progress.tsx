import type { McuPortalEvent } from '@klinikita/domain/mcu/mcu-portal.schema';
import { Group, Progress, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const SECTIONS = [
  { key: 'approved', color: 'teal' },
  { key: 'done', color: 'blue' },
  { key: 'inProgress', color: 'yellow' },
  { key: 'registered', color: 'gray.4' },
] as const;

/** An event's participants by status as one stacked bar, with its legend. */
export function EventProgress({ progress }: { progress: McuPortalEvent['progress'] }) {
  const { t } = useTranslation();
  const total = Math.max(progress.total, 1);
  return (
    <div>
      <Progress.Root size={14} aria-label={t('mcuPortal.screen.progress')}>
        {SECTIONS.map((s) =>
          progress[s.key] > 0 ? (
            <Tooltip
              key={s.key}
              label={`${t(`mcuPortal.screen.participantStatus.${s.key}`)}: ${progress[s.key]}`}
            >
              <Progress.Section value={(progress[s.key] / total) * 100} color={s.color} />
            </Tooltip>
          ) : null,
        )}
      </Progress.Root>
      <Group gap="md" mt={6}>
        {SECTIONS.map((s) => (
          <Group key={s.key} gap={4}>
            <Progress.Root w={10} size={10}>
              <Progress.Section value={100} color={s.color} />
            </Progress.Root>
            <Text size="xs" c="dimmed">
              {t(`mcuPortal.screen.participantStatus.${s.key}`)} {progress[s.key]}
            </Text>
          </Group>
        ))}
      </Group>
    </div>
  );
}
