import { addendumCreateSchema } from '@klinikita/domain/consultations/encounter.schema';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client.ts';
import { useAddAddendum } from '../../../shared/consultations/encounters-api.ts';
import { currentLocale, translateMessage } from '../../../shared/i18n/i18n.ts';
import type { Encounter } from '../api/record-api.ts';
import { formatDate } from '../format.ts';

/** A correction or addition to a signed visit; the signed note itself never changes. */
export function AddendumModal({ encounter, onClose }: { encounter: Encounter | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddAddendum();
  const close = () => {
    setText('');
    setError(null);
    add.reset();
    onClose();
  };
  const submit = () => {
    if (!encounter) return;
    const parsed = addendumCreateSchema.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    add.mutate(
      { uid: encounter.uid, text: parsed.data.text },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('emr.addendum.saved') });
          close();
        },
        onError: (e) =>
          setError(e instanceof ApiError ? (e.errors[0]?.message ?? e.message) : t('web.common.loadFailed')),
      },
    );
  };
  return (
    <Modal opened={encounter !== null} onClose={close} title={t('emr.addendum.title')} size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {encounter && (
            <Text size="sm" c="dimmed">
              {t('emr.addendum.for', {
                date: formatDate(encounter.registration.queueDate, currentLocale()),
                doctor: encounter.doctor?.name ?? '–',
              })}
            </Text>
          )}
          <Textarea
            label={t('emr.addendum.text')}
            description={t('emr.addendum.hint')}
            rows={5}
            resize="vertical"
            maxLength={5000}
            data-autofocus
            value={text}
            error={error ? translateMessage(error) : null}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('web.common.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t('emr.addendum.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
