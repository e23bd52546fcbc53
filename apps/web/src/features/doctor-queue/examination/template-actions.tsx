import { templateSaveSchema } from '@klinikita/domain/consultations/template.schema';
import { ActionIcon, Button, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconDeviceFloppy, IconTemplate, IconTrash } from '@tabler/icons-react';
import { type FormEvent, memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, reportUnexpectedError } from '../../../shared/api-client.ts';
import {
  type EncounterTemplate,
  type TemplateContent,
  useDeleteTemplate,
  useSaveTemplate,
  useTemplates,
} from '../../../shared/consultations/templates-api.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';

function SaveTemplateModal({
  opened,
  onClose,
  content,
  templates,
}: {
  opened: boolean;
  onClose: () => void;
  content: TemplateContent;
  templates: readonly EncounterTemplate[];
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [existing, setExisting] = useState<EncounterTemplate | null>(null);
  const save = useSaveTemplate();

  const close = () => {
    setName('');
    setError(null);
    setExisting(null);
    onClose();
  };
  const send = (uid?: string) => {
    const parsed = templateSaveSchema.safeParse({ name, content });
    if (!parsed.success) {
      const fields = toFieldErrors(parsed.error.issues);
      setError(t(fields.name ?? Object.values(fields)[0] ?? 'validation.invalid'));
      return;
    }
    save.mutate(
      { uid, ...parsed.data },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('consultations.templateSaved') });
          close();
        },
        onError: (e) => {
          if (e instanceof ApiError && e.status === 409) {
            setError(e.message);
            setExisting(
              templates.find((x) => x.name.toLowerCase() === parsed.data.name.toLowerCase()) ?? null,
            );
          } else if (e instanceof ApiError && e.status > 0 && e.status < 500) setError(e.message);
          else void reportUnexpectedError(e);
        },
      },
    );
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('examination.templates.saveTitle')} centered size="sm">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('examination.templates.saveHint')}
          </Text>
          <TextInput
            label={t('examination.templates.name')}
            placeholder={t('examination.templates.namePlaceholder')}
            value={name}
            maxLength={80}
            data-autofocus
            error={error}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
              setExisting(null);
            }}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('examination.templates.cancel')}
            </Button>
            {existing && (
              <Button
                variant="light"
                color="orange"
                loading={save.isPending}
                onClick={() => send(existing.uid)}
              >
                {t('examination.templates.overwrite', { name: existing.name })}
              </Button>
            )}
            <Button type="submit" loading={save.isPending && !existing}>
              {t('examination.templates.confirmSave')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** "Pakai template" (the doctor's templates; apply or delete) and "Simpan sebagai template". */
export const TemplateActions = memo(function TemplateActions({
  content,
  onApply,
}: {
  /** Read when saving: the note as it is then. */
  content: () => TemplateContent;
  onApply: (template: EncounterTemplate) => void;
}) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const templates = useTemplates();
  const remove = useDeleteTemplate();
  const list = templates.data ?? [];

  const askDelete = (template: EncounterTemplate) =>
    modals.openConfirmModal({
      title: t('examination.templates.deleteTitle'),
      centered: true,
      size: 'sm',
      children: <Text size="sm">{t('examination.templates.deleteQuestion', { name: template.name })}</Text>,
      labels: {
        confirm: t('examination.templates.deleteConfirm'),
        cancel: t('examination.templates.cancel'),
      },
      confirmProps: { color: 'red', 'data-autofocus': true },
      onConfirm: () =>
        remove.mutate(template.uid, {
          onSuccess: () => notifications.show({ color: 'teal', message: t('consultations.templateDeleted') }),
          onError: (e) => void reportUnexpectedError(e),
        }),
    });

  return (
    <>
      <Menu position="bottom-end" width={320} shadow="md">
        <Menu.Target>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconTemplate size={14} />}
            rightSection={<IconChevronDown size={12} />}
          >
            {t('examination.templates.use')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {templates.isLoading ? (
            <Menu.Label>{t('examination.templates.loading')}</Menu.Label>
          ) : list.length === 0 ? (
            <Text size="sm" c="dimmed" p="xs">
              {t('examination.templates.none')}
            </Text>
          ) : (
            list.map((tpl) => (
              <Group key={tpl.uid} gap={0} wrap="nowrap">
                <Menu.Item style={{ flex: 1 }} onClick={() => onApply(tpl)}>
                  <Text size="sm" fw={500}>
                    {tpl.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[
                      tpl.content.diagnoses.find((d) => d.primary)?.code,
                      t('examination.templates.summary', {
                        diagnoses: tpl.content.diagnoses.length,
                        drugs: tpl.content.prescription.length,
                      }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Menu.Item>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  mx={4}
                  aria-label={t('examination.templates.delete', { name: tpl.name })}
                  onClick={() => askDelete(tpl)}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Group>
            ))
          )}
        </Menu.Dropdown>
      </Menu>
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconDeviceFloppy size={14} />}
        onClick={() => setSaving(true)}
      >
        {t('examination.templates.save')}
      </Button>
      {saving && (
        <SaveTemplateModal opened onClose={() => setSaving(false)} content={content()} templates={list} />
      )}
    </>
  );
});
