import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle } from '@tabler/icons-react';

/** The confirmation before a call or a cancellation. */
export function confirmMove(o: {
  title: string;
  message: string;
  confirm: string;
  cancel: string;
  danger?: boolean;
  onConfirm: () => void;
}): void {
  modals.openConfirmModal({
    title: o.title,
    centered: true,
    size: 'sm',
    children: <Text size="sm">{o.message}</Text>,
    labels: { confirm: o.confirm, cancel: o.cancel },
    confirmProps: { color: o.danger ? 'red' : undefined, 'data-autofocus': true },
    onConfirm: o.onConfirm,
  });
}

/** Spec 8: a status update failure is a warning with the server's message. */
export function showWarning(title: string, message: string, ok: string): void {
  const id = modals.open({
    title,
    centered: true,
    size: 'sm',
    children: (
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon color="orange" variant="light" radius="xl" size="lg">
            <IconAlertTriangle size={20} />
          </ThemeIcon>
          <Text size="sm" data-testid="move-warning">
            {message}
          </Text>
        </Group>
        <Group justify="flex-end">
          <Button color="orange" data-autofocus onClick={() => modals.close(id)}>
            {ok}
          </Button>
        </Group>
      </Stack>
    ),
  });
}
