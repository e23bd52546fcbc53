import { PROFILE_MESSAGES } from '@klinikita/domain/employees/profile.schema';
import { formatSlot, parseSlot, slotSchema } from '@klinikita/domain/schedules/schedule.schema';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n/i18n.ts';

interface SlotDialogProps {
  /** The weekday's name, for the title. */
  day: string;
  /** The slot being edited ('HH:mm - HH:mm'); adding when absent. */
  slot?: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (slot: string) => void;
  onDelete?: () => void;
}

/**
 * The add and edit dialogs of the Pengaturan Jadwal tab (spec 2.5): start and end time pickers
 * (the browser's time input, as Mantine's TimeInput renders it), Submit, and Delete when editing.
 */
export function SlotDialog({ day, slot, busy, onClose, onSubmit, onDelete }: SlotDialogProps) {
  const { t } = useTranslation();
  const initial = slot ? parseSlot(slot) : { start: '', end: '' };
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!start || !end) {
      setError(PROFILE_MESSAGES.scheduleIncomplete);
      return;
    }
    const parsed = slotSchema.safeParse(formatSlot(start, end));
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setError(null);
    onSubmit(parsed.data);
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(slot ? 'staffWeb.schedule.editTitle' : 'staffWeb.schedule.addTitle', { day })}
      centered
      size="sm"
      zIndex={300}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              type="time"
              label={t('staffWeb.schedule.start')}
              value={start}
              onChange={(e) => setStart(e.currentTarget.value)}
              data-autofocus
            />
            <TextInput
              type="time"
              label={t('staffWeb.schedule.end')}
              value={end}
              onChange={(e) => setEnd(e.currentTarget.value)}
            />
          </SimpleGrid>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {translateMessage(error)}
            </Alert>
          )}
          <Group justify="flex-end">
            {onDelete && (
              <Button color="red" variant="light" onClick={onDelete} loading={busy}>
                {t('staffWeb.schedule.delete')}
              </Button>
            )}
            <Button type="submit" loading={busy}>
              {t('staffWeb.schedule.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
