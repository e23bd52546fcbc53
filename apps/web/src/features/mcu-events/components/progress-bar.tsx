import type { McuProgress } from '@klinikita/domain/mcu/mcu-events.schema';
import { Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const PARTS = [
  ['approved', 'teal'],
  ['done', 'violet'],
  ['inProgress', 'blue'],
] as const;

/** An event's progress: the four counts as numbers and a stacked bar (registered is the rest). */
export function ProgressBar({ progress }: { progress: McuProgress }) {
  const { t } = useTranslation();
  const label = t('mcuSetup.screen.progressTitle', progress);
  const share = (n: number) => (progress.total ? (n / progress.total) * 100 : 0);
  return (
    <Stack gap={4} miw={220}>
      <Tooltip label={label}>
        <Progress.Root size="lg" aria-label={label}>
          {PARTS.map(([key, color]) => (
            <Progress.Section key={key} value={share(progress[key])} color={color} />
          ))}
        </Progress.Root>
      </Tooltip>
      <Group gap="xs" wrap="nowrap">
        {(['registered', 'inProgress', 'done', 'approved'] as const).map((key) => (
          <Text key={key} size="xs" c="dimmed" data-testid={`progress-${key}`}>
            {t(`mcuSetup.status.${key}`)} <b>{progress[key]}</b>
          </Text>
        ))}
      </Group>
    </Stack>
  );
}
