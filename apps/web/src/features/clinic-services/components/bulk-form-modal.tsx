import { clinicServiceBulkSchema } from '@klinikita/domain/services/clinic-services.schema';
import { SERVICE_GROUPS, type ServiceGroup } from '@klinikita/domain/services/service.schema';
import {
  Alert,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { confirmToggle } from '../../../shared/ui/list-page.tsx';
import { useBulkSetClinicServices } from '../api/save-clinic-service.ts';
import {
  errorLookup,
  FORM_ERROR,
  PlaceFields,
  type PlaceValues,
  placeInput,
  refusalErrors,
} from './form-parts.tsx';

interface FormValues extends PlaceValues {
  group: ServiceGroup | null;
  offered: boolean;
  room: string;
  queuePrefix: string;
}

/**
 * Every active service of a group at once (a clinic has dozens of lab tests): offered or not and
 * where performed; a room or queue prefix left empty keeps each service's own. Stopping a whole
 * group asks first.
 */
export function BulkFormModal({
  clinic,
  group,
  onClose,
}: {
  clinic: { id: number; name: string };
  group: ServiceGroup | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<FormValues>({
    group,
    offered: true,
    room: '',
    queuePrefix: '',
    performedAt: 'here',
    performerClinicId: null,
    partnerName: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useBulkSetClinicServices();
  const errorOf = errorLookup(errors);

  const change = (next: Partial<FormValues>, fields: string[]) => {
    setValues((v) => ({ ...v, ...next }));
    setErrors((e) =>
      Object.fromEntries(Object.entries(e).filter(([k]) => k !== FORM_ERROR && !fields.includes(k))),
    );
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = clinicServiceBulkSchema.safeParse({
      group: values.group ?? undefined,
      offered: values.offered,
      room: values.room,
      queuePrefix: values.queuePrefix,
      ...placeInput(values),
    });
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    setErrors({});
    const send = () =>
      save.mutate(
        { params: { clinicId: clinic.id }, body: parsed.data },
        {
          onSuccess: (res) => {
            notifications.show({ color: 'teal', message: translateMessage(res.message) });
            onClose();
          },
          onError: (error) => {
            const refused = refusalErrors(error);
            if (refused) setErrors(refused);
          },
        },
      );
    if (parsed.data.offered) return send();
    confirmToggle({
      activate: false,
      title: t('clinicServices.bulkStopTitle'),
      message: t('clinicServices.bulkStopConfirm', {
        group: t(`clinicServices.groups.${parsed.data.group}`),
        clinic: clinic.name,
      }),
      confirm: t('clinicServices.stop'),
      cancel: t('clinicServices.cancel'),
      onConfirm: send,
    });
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('clinicServices.bulkTitle')}
      size="lg"
      closeOnClickOutside={false}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('clinicServices.bulkHint', { clinic: clinic.name })}
          </Text>
          <Select
            label={t('clinicServices.bulkGroup')}
            required
            allowDeselect={false}
            data={SERVICE_GROUPS.map((g) => ({ value: g, label: t(`clinicServices.groups.${g}`) }))}
            value={values.group}
            onChange={(v) => change({ group: v as ServiceGroup }, ['group'])}
            error={errorOf('group')}
          />
          <Switch
            label={t('clinicServices.offeredLabel')}
            checked={values.offered}
            onChange={(e) => change({ offered: e.currentTarget.checked }, ['offered'])}
          />
          <PlaceFields clinicId={clinic.id} values={values} onChange={change} errorOf={errorOf} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
            <TextInput
              label={t('clinicServices.room')}
              placeholder={t('clinicServices.roomPlaceholder')}
              maxLength={60}
              value={values.room}
              onChange={(e) => change({ room: e.currentTarget.value }, ['room'])}
              error={errorOf('room')}
            />
            <TextInput
              label={t('clinicServices.queuePrefix')}
              maxLength={3}
              value={values.queuePrefix}
              onChange={(e) => change({ queuePrefix: e.currentTarget.value.toUpperCase() }, ['queuePrefix'])}
              error={errorOf('queuePrefix')}
            />
          </SimpleGrid>
          {errors[FORM_ERROR] && (
            <Alert color="orange" variant="light">
              {translateMessage(errors[FORM_ERROR])}
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('clinicServices.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('clinicServices.bulkApply')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
