import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle } from '@tabler/icons-react';
import { i18n } from '../i18n/i18n.ts';

/** Spec 8: a status update that fails is a warning with the server's message. */
export function showStatusWarning(message: string): void {
  const id = modals.open({
    title: i18n.t('registrations.warning'),
    centered: true,
    size: 'sm',
    children: (
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon color="orange" variant="light" radius="xl" size="lg">
            <IconAlertTriangle size={20} />
          </ThemeIcon>
          <Text size="sm" data-testid="status-warning">
            {message}
          </Text>
        </Group>
        <Group justify="flex-end">
          <Button color="orange" data-autofocus onClick={() => modals.close(id)}>
            {i18n.t('registrations.ok')}
          </Button>
        </Group>
      </Stack>
    ),
  });
}
