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
