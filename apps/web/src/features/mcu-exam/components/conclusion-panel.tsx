import { Alert, Badge, Button, Group, Menu, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { usePermissions } from '../../../shared/session/permissions.ts';
import { showActionFailure } from '../../../shared/ui/list-page.tsx';
import { type ExamAnswer, useApproveConclusion, useSaveConclusion } from '../api/mcu-exam-api.ts';

/**
 * The doctor's conclusion: category of the company's list, conclusion, advice (from templates),
 * work restrictions, follow-up date; approval (mcu.approve) once every station is done; after
 * approval a new version, only with the reason.
 */
export function ConclusionPanel({ exam }: { exam: ExamAnswer }) {
  const { t } = useTranslation();
  const s = (key: string, params: Record<string, unknown> = {}) => t(`mcuExam.screen.${key}`, params);
  const permissions = usePermissions();
  const current = exam.conclusions[0] ?? null;
  const approved = current?.status === 'approved';
  const [amending, setAmending] = useState(false);
  const [form, setForm] = useState({
    category: current?.category ?? null,
    conclusion: current?.conclusion ?? '',
    advice: current?.advice ?? '',
    restrictions: current?.restrictions ?? '',
    followUpDate: current?.followUpDate ?? '',
    amendmentReason: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveConclusion();
  const approve = useApproveConclusion();
  const canWrite = permissions.has('mcu.conclude') && (!approved || amending);
  const set = (key: keyof typeof form, value: string | null) => setForm((f) => ({ ...f, [key]: value }));
  const onError = (error: Error) => {
    if (error instanceof ApiError)
      setErrors(error.errors.length ? toFieldErrors(error.errors) : { _form: error.message });
    else showActionFailure(error);
  };

  function submit() {
    setErrors({});
    save.mutate(
      {
        params: { uid: exam.participant.uid },
        body: {
          category: form.category ?? '',
          conclusion: form.conclusion || null,
          advice: form.advice || null,
          restrictions: form.restrictions || null,
          followUpDate: form.followUpDate || null,
          amendmentReason: amending ? form.amendmentReason || null : null,
        },
      },
      {
        onSuccess: (answer) => {
          setAmending(false);
          notifications.show({ color: 'teal', message: translateMessage(answer.message) });
        },
        onError,
      },
    );
  }

  return (
    <Stack gap="sm" data-testid="mcu-conclusion">
      <Group gap="xs">
        <Text fw={600}>{s('conclusion')}</Text>
        {current && (
          <Badge variant="light" color={approved ? 'teal' : 'gray'}>
            {s('version', { version: current.version })} · {s(`versionStatus.${current.status}`)}
          </Badge>
        )}
      </Group>
      {approved && current.approved && (
        <Text size="sm" c="dimmed">
          {s('approvedBy', {
            name: current.approved.name,
            at: new Date(current.approved.at).toLocaleString('id-ID'),
          })}
        </Text>
      )}
      <Select
        label={s('category')}
        placeholder={s('chooseCategory')}
        allowDeselect={false}
        data={exam.categories.map((c) => ({ value: c.code, label: c.label }))}
        value={form.category}
        onChange={(v) => set('category', v)}
        disabled={!canWrite}
        error={errors.category ? translateMessage(errors.category) : undefined}
      />
      <Textarea
        label={s('conclusionText')}
        autosize
        minRows={2}
        maxLength={4000}
        value={form.conclusion}
        onChange={(e) => set('conclusion', e.currentTarget.value)}
        disabled={!canWrite}
      />
      <Group justify="space-between" align="flex-end" gap="xs">
        <Text size="sm" fw={500}>
          {s('advice')}
        </Text>
        {canWrite && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="compact-xs" variant="subtle">
                {s('adviceTemplate')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {exam.adviceTemplates.map((text) => (
                <Menu.Item
                  key={text}
                  onClick={() => set('advice', form.advice ? `${form.advice}\n${text}` : text)}
                >
                  {text}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      <Textarea
        aria-label={s('advice')}
        autosize
        minRows={2}
        maxLength={4000}
        value={form.advice}
        onChange={(e) => set('advice', e.currentTarget.value)}
        disabled={!canWrite}
      />
      <Textarea
        label={s('restrictions')}
        autosize
        minRows={1}
        maxLength={2000}
        value={form.restrictions}
        onChange={(e) => set('restrictions', e.currentTarget.value)}
        disabled={!canWrite}
      />
      <TextInput
        type="date"
        label={s('followUpDate')}
        value={form.followUpDate}
        onChange={(e) => set('followUpDate', e.currentTarget.value)}
        disabled={!canWrite}
        error={errors.followUpDate ? translateMessage(errors.followUpDate) : undefined}
      />
      {amending && (
        <TextInput
          label={s('amendmentReason')}
          required
          maxLength={1000}
          value={form.amendmentReason}
          onChange={(e) => set('amendmentReason', e.currentTarget.value)}
          error={errors.amendmentReason ? translateMessage(errors.amendmentReason) : undefined}
        />
      )}
      {errors._form && <Alert color="red">{translateMessage(errors._form)}</Alert>}
      <Group gap="sm">
        {canWrite && (
          <Button variant="light" onClick={submit} loading={save.isPending}>
            {s('saveDraft')}
          </Button>
        )}
        {permissions.has('mcu.approve') && current?.status === 'draft' && (
          <Button
            color="teal"
            disabled={exam.participant.status !== 'done'}
            loading={approve.isPending}
            onClick={() =>
              approve.mutate(
                { params: { uid: exam.participant.uid } },
                {
                  onSuccess: (answer) =>
                    notifications.show({ color: 'teal', message: translateMessage(answer.message) }),
                  onError,
                },
              )
            }
          >
            {s('approve')}
          </Button>
        )}
        {approved && !amending && permissions.has('mcu.conclude') && (
          <Button variant="default" onClick={() => setAmending(true)}>
            {s('newVersion')}
          </Button>
        )}
      </Group>
      {current?.status === 'draft' && exam.participant.status !== 'done' && (
        <Text size="xs" c="dimmed">
          {s('notDoneYet')}
        </Text>
      )}
    </Stack>
  );
}
