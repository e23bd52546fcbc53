import { createRoleSchema, type RoleSummary } from '@klinikita/domain/settings/roles.schema';
import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useCreateRole, useUpdateRole } from '../api/roles.ts';

interface RoleFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** Editing this role; creating when absent. */
  role?: RoleSummary;
  /** Roles whose menu a new role may copy. */
  copyChoices: RoleSummary[];
  onSaved: (id: string) => void;
}

/** Add or rename a role; the input stays when the server refuses it. */
export function RoleFormModal({ opened, onClose, role, copyChoices, onSaved }: RoleFormModalProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState({
    role: role?.role ?? '',
    description: role?.description ?? '',
    copyFrom: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateRole();
  const update = useUpdateRole();
  const pending = create.isPending || update.isPending;

  function fail(error: unknown) {
    if (error instanceof ApiError && error.status < 500 && error.status > 0) {
      setErrors(error.errors.length ? toFieldErrors(error.errors) : { role: error.message });
    } else {
      void reportUnexpectedError(error);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createRoleSchema.safeParse({
      role: values.role,
      description: values.description || undefined,
      copyFrom: values.copyFrom || undefined,
    });
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    const done = (message: string, id: string) => {
      notifications.show({ color: 'teal', message: translateMessage(message) });
      onSaved(id);
    };
    if (role) {
      const input = role.builtIn
        ? { description: parsed.data.description ?? '' }
        : { role: parsed.data.role, description: parsed.data.description ?? '' };
      update.mutate(
        { params: { id: role._id }, body: input },
        { onSuccess: (res) => done(res.message, role._id), onError: fail },
      );
    } else {
      create.mutate(
        { body: parsed.data },
        {
          onSuccess: (res) => done(res.message, res.data?._id ?? ''),
          onError: fail,
        },
      );
    }
  }

  const error = (field: string) => (errors[field] ? translateMessage(errors[field]) : undefined);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={role ? t('web.roles.editTitle') : t('web.roles.addTitle')}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('web.roles.name')}
            description={t('web.roles.nameHint')}
            required
            data-autofocus
            disabled={role?.builtIn}
            value={values.role}
            onChange={(e) => setValues({ ...values, role: e.currentTarget.value })}
            error={error('role')}
          />
          <Textarea
            label={t('web.roles.description')}
            autosize
            minRows={2}
            maxLength={150}
            value={values.description}
            onChange={(e) => setValues({ ...values, description: e.currentTarget.value })}
            error={error('description')}
          />
          {!role && (
            <Select
              label={t('web.roles.copyFrom')}
              placeholder={t('web.roles.copyFromNone')}
              clearable
              searchable
              data={copyChoices.filter((r) => r.editable).map((r) => ({ value: r._id, label: r.role }))}
              value={values.copyFrom || null}
              onChange={(v) => setValues({ ...values, copyFrom: v ?? '' })}
              error={error('copyFrom')}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('web.common.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {t('web.common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
