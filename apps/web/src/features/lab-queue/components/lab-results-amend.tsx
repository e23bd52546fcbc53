import { labAmendSchema } from '@klinikita/domain/lab/lab-results.schema';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';

/**
 * "Amandemen": asks why a released report is corrected (the shared rule: at least 3 characters),
 * then opens the next version; the reason stays in the modal while the server refuses it.
 */
export function LabResultsAmendModal({
  opened,
  onClose,
  onAmend,
}: {
  opened: boolean;
  onClose: () => void;
  onAmend: (reason: string, handlers: { onSuccess: () => void; onError: (error: Error) => void }) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = labAmendSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'validation.invalid');
      return;
    }
    setSending(true);
    onAmend(parsed.data.reason, {
      onSuccess: () => {
        setSending(false);
        close();
      },
      onError: (err) => {
        setSending(false);
        if (isUnexpectedError(err)) void reportUnexpectedError(err);
        else if (err instanceof ApiError)
          setError(err.errors.find((x) => x.path === 'reason')?.message ?? err.message);
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={t('labResults.amendTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('labResults.amendText')}</Text>
          <Textarea
            label={t('labResults.amendReason')}
            placeholder={t('labResults.amendReasonPlaceholder')}
            required
            autosize
            minRows={2}
            maxLength={500}
            data-autofocus
            value={reason}
            error={error ? translateMessage(error) : undefined}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('labResults.cancel')}
            </Button>
            <Button type="submit" color="orange" loading={sending}>
              {t('labResults.amendConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
