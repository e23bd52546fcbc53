import {
  type QueuePrefixesInput,
  queuePrefixesSchema,
} from '@klinikita/domain/registrations/registration.schema';
import { Alert, Button, Group, Loader, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconListNumbers } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useQueuePrefixes, useSaveQueuePrefixes } from '../api/queue-prefixes.ts';

const KEYS = ['doctor', 'bpjs', 'LAB', 'RAD', 'MCU', 'TREATMENT', 'PHYSIO'] as const;

/** "Awalan antrean": the clinic's queue-number prefix per service, for whoever runs the queue. */
export function QueuePrefixesButton({ clinicId, clinicName }: { clinicId: number; clinicName: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconListNumbers size={16} />} onClick={() => setOpened(true)}>
        {t('queueBoard.prefixes.open')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`${t('queueBoard.prefixes.title')} – ${clinicName}`}
        size="lg"
        centered
      >
        {opened && <PrefixesForm clinicId={clinicId} onDone={() => setOpened(false)} />}
      </Modal>
    </>
  );
}

function PrefixesForm({ clinicId, onDone }: { clinicId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const current = useQueuePrefixes(clinicId, true);
  if (current.isLoading) return <Loader size="sm" />;
  if (!current.data) return <Alert color="orange">{t('web.common.loadFailed')}</Alert>;
  return <PrefixesFields clinicId={clinicId} initial={current.data} onDone={onDone} />;
}

function PrefixesFields({
  clinicId,
  initial,
  onDone,
}: {
  clinicId: number;
  initial: QueuePrefixesInput;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveQueuePrefixes(clinicId);
  const [values, setValues] = useState<QueuePrefixesInput>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = queuePrefixesSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (answer) => {
        notifications.show({ color: 'teal', message: translateMessage(answer.message) });
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.errors.length)
          setErrors(
            Object.fromEntries(error.errors.map((e) => [e.path.replace(/^prefixes\./, ''), e.message])),
          );
        else reportUnexpectedError(error);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('queueBoard.prefixes.intro')}</Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {KEYS.map((key) => (
            <TextInput
              key={key}
              label={t(`queueBoard.prefixes.${key}`)}
              value={values[key]}
              maxLength={3}
              onChange={(e) => {
                const value = e.currentTarget.value.toUpperCase();
                setValues((v) => ({ ...v, [key]: value }));
              }}
              error={errors[key] ? translateMessage(errors[key]) : undefined}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontWeight: 700 } }}
            />
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('queueBoard.prefixes.hint')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('queueBoard.back')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('queueBoard.prefixes.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
