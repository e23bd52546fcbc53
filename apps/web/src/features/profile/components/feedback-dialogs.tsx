import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconHelpCircle } from '@tabler/icons-react';
import { i18n, translateMessage } from '../../../shared/i18n/i18n.ts';

/** The dialogs of spec 8: warning, error and success, each with one OK button. */
export type DialogKind = 'warning' | 'error' | 'success';

const LOOK = {
  warning: { color: 'orange', Icon: IconAlertTriangle },
  error: { color: 'red', Icon: IconCircleX },
  success: { color: 'teal', Icon: IconCircleCheck },
} as const;

/** Above the Edit Profile modal (Mantine's default is 200). */
const DIALOG_Z = 400;

/**
 * Shows `message` (a catalogue key, a server message or a spec literal) in a small dialog.
 * `title` overrides the kind's title, e.g. the spec's 'Error add'.
 */
export function showDialog(kind: DialogKind, message: string, title?: string): Promise<void> {
  const { color, Icon } = LOOK[kind];
  return new Promise((resolve) => {
    const id = modals.open({
      title: title ?? i18n.t(`staffWeb.dialog.${kind}`),
      centered: true,
      size: 'sm',
      zIndex: DIALOG_Z,
      onClose: () => resolve(),
      children: (
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon color={color} variant="light" radius="xl" size="lg">
              <Icon size={20} />
            </ThemeIcon>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid={`dialog-${kind}`}>
              {translateMessage(message)}
            </Text>
          </Group>
          <Group justify="flex-end">
            <Button color={color} data-autofocus onClick={() => modals.close(id)}>
              {i18n.t('staffWeb.dialog.ok')}
            </Button>
          </Group>
        </Stack>
      ),
    });
  });
}

/** The spec's 'Save now ?' confirmation that precedes every profile save (spec 5). */
export function confirmSaveNow(onConfirm: () => void): void {
  modals.openConfirmModal({
    title: (
      <Group gap="xs">
        <IconHelpCircle size={20} />
        {i18n.t('staffWeb.dialog.confirm')}
      </Group>
    ),
    centered: true,
    size: 'sm',
    zIndex: DIALOG_Z,
    children: <Text size="sm">Save now ?</Text>,
    labels: { confirm: i18n.t('staffWeb.dialog.yes'), cancel: i18n.t('staffWeb.dialog.no') },
    onConfirm,
  });
}
