import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAppUpdate } from './use-app-update.ts';

/** The notice of a new release: it stays until the user reloads, whenever suits their work. */
export function UpdateNotice({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <Affix position={{ bottom: 16, left: 16 }} zIndex={400}>
      <Paper withBorder shadow="md" radius="md" p="sm" role="status" aria-live="polite">
        <Group gap="sm" wrap="nowrap">
          <Text size="sm" fw={500}>
            {t('web.appUpdate.available')}
          </Text>
          <Button size="xs" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onReload}>
            {t('web.appUpdate.reload')}
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}

/** Shows the update notice on every screen once a new release waits. */
export function AppUpdateNotice() {
  const update = useAppUpdate();
  return update.available ? <UpdateNotice onReload={update.reload} /> : null;
}
