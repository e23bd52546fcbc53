import { Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCloudUpload, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../../../shared/format.ts';
import type { SaveState } from './draft-saver.ts';

/** "Menyimpan… / Tersimpan 10:32:15 / Gagal menyimpan — coba lagi": where the draft stands. */
export function SaveStatus({
  state,
  onRetry,
  onReload,
  timeZone,
}: {
  state: SaveState;
  onRetry: () => void;
  onReload: () => void;
  timeZone?: string;
}) {
  const { t } = useTranslation();
  const line = (() => {
    switch (state.kind) {
      case 'idle':
        return { icon: <IconCheck size={14} />, color: 'dimmed', text: t('examination.save.idle') };
      case 'pending':
        return { icon: <IconCloudUpload size={14} />, color: 'dimmed', text: t('examination.save.pending') };
      case 'saving':
        return { icon: <Loader size={12} />, color: 'dimmed', text: t('examination.save.saving') };
      case 'saved':
        return {
          icon: <IconCheck size={14} />,
          color: 'teal.8',
          text: t('examination.save.saved', { time: formatClock(state.at, timeZone) }),
        };
      case 'invalid':
        return {
          icon: <IconAlertTriangle size={14} />,
          color: 'orange.8',
          text: t('examination.save.invalid'),
        };
      case 'failed':
        return { icon: <IconAlertTriangle size={14} />, color: 'red.7', text: t('examination.save.failed') };
      case 'conflict':
        return {
          icon: <IconAlertTriangle size={14} />,
          color: 'red.7',
          text: `${t('examination.save.conflict')}: ${state.message}`,
        };
    }
  })();
  return (
    <Group
      gap={6}
      wrap="nowrap"
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-state={state.kind}
    >
      <Text component="span" c={line.color} style={{ display: 'inline-flex' }}>
        {line.icon}
      </Text>
      <Text size="sm" c={line.color} fw={state.kind === 'conflict' || state.kind === 'failed' ? 600 : 400}>
        {line.text}
      </Text>
      {state.kind === 'failed' && (
        <Button size="compact-xs" variant="light" color="red" onClick={onRetry}>
          {t('examination.save.retry')}
        </Button>
      )}
      {state.kind === 'conflict' && (
        <Button size="compact-xs" color="red" leftSection={<IconRefresh size={12} />} onClick={onReload}>
          {t('examination.save.reload')}
        </Button>
      )}
    </Group>
  );
}
