import {
  type ClinicService,
  clinicServiceSetSchema,
} from '@klinikita/domain/services/clinic-services.schema';
import { TAX_CATEGORIES, type TaxCategory } from '@klinikita/domain/services/service.schema';
import {
  Alert,
  Badge,
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
import { useSetClinicService } from '../api/save-clinic-service.ts';
import {
  errorLookup,
  FORM_ERROR,
  PlaceFields,
  type PlaceValues,
  placeInput,
  refusalErrors,
} from './form-parts.tsx';

interface FormValues extends PlaceValues {
  offered: boolean;
  room: string;
  queuePrefix: string;
  /** 'master' follows the service master. */
  taxCategory: 'master' | TaxCategory;
}

const valuesOf = (row: ClinicService): FormValues => ({
  offered: row.offered,
  room: row.room ?? '',
  queuePrefix: row.queuePrefix ?? '',
  performedAt: row.performedAt,
  performerClinicId: row.performerClinic ? String(row.performerClinic.id) : null,
  partnerName: row.partnerName ?? '',
  taxCategory: row.taxOverride ?? 'master',
});

const taxOf = (v: FormValues) => (v.taxCategory === 'master' ? null : v.taxCategory);

/** One service at one clinic: offered or not, room, queue prefix, where performed, tax rule. The input stays on a refusal. */
export function ClinicServiceFormModal({
  clinic,
  service,
  name,
  onClose,
}: {
  clinic: { id: number; name: string };
  service: ClinicService;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<FormValues>(() => valuesOf(service));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSetClinicService();
  const errorOf = errorLookup(errors);

  // editing a field clears its message and the form's sentence: what is left marked still needs fixing
  const change = (next: Partial<FormValues>, fields: string[]) => {
    setValues((v) => ({ ...v, ...next }));
    setErrors((e) =>
      Object.fromEntries(Object.entries(e).filter(([k]) => k !== FORM_ERROR && !fields.includes(k))),
    );
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = clinicServiceSetSchema.safeParse({
      offered: values.offered,
      room: values.room,
      queuePrefix: values.queuePrefix,
      ...placeInput(values),
      taxCategory: taxOf(values),
    });
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    setErrors({});
    save.mutate(
      {
        params: { clinicId: clinic.id, serviceUid: service.serviceUid },
        body: parsed.data,
      },
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
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('clinicServices.editTitle', { name })}
      size="lg"
      closeOnClickOutside={false}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {clinic.name}
            </Text>
            <Badge variant="light" size="sm">
              {service.code}
            </Badge>
            <Badge variant="light" size="sm" color="gray">
              {t(`clinicServices.groups.${service.group}`)}
            </Badge>
          </Group>
          <Switch
            label={t('clinicServices.offeredLabel')}
            checked={values.offered}
            onChange={(e) => change({ offered: e.currentTarget.checked }, ['offered'])}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
            <TextInput
              label={t('clinicServices.room')}
              placeholder={t('clinicServices.roomPlaceholder')}
              description={t('clinicServices.roomHint')}
              maxLength={60}
              value={values.room}
              onChange={(e) => change({ room: e.currentTarget.value }, ['room'])}
              error={errorOf('room')}
            />
            <TextInput
              label={t('clinicServices.queuePrefix')}
              description={t('clinicServices.queuePrefixHint')}
              maxLength={3}
              value={values.queuePrefix}
              onChange={(e) => change({ queuePrefix: e.currentTarget.value.toUpperCase() }, ['queuePrefix'])}
              error={errorOf('queuePrefix')}
            />
          </SimpleGrid>
          <PlaceFields clinicId={clinic.id} values={values} onChange={change} errorOf={errorOf} />
          <Select
            label={t('clinicServices.taxLabel')}
            allowDeselect={false}
            data={[
              {
                value: 'master',
                label: t('clinicServices.taxMaster', { tax: t(`clinicServices.tax.${service.taxCategory}`) }),
              },
              ...TAX_CATEGORIES.map((c) => ({ value: c, label: t(`clinicServices.tax.${c}`) })),
            ]}
            value={values.taxCategory}
            onChange={(v) =>
              change({ taxCategory: (v ?? 'master') as FormValues['taxCategory'] }, ['taxCategory'])
            }
            error={errorOf('taxCategory')}
          />
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
              {t('clinicServices.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
