import {
  SERVICE_GROUPS,
  SERVICE_UNITS,
  type ServiceDetail,
  serviceSaveSchema,
  TAX_CATEGORIES,
} from '@klinikita/domain/services/service.schema';
import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useSaveService, useSpecialists } from '../api/services-api.ts';
import { type EditedItem, PackageItemsEditor } from './package-items-editor.tsx';

/** Where a refusal without a field of its own is shown: above the buttons. */
const FORM_ERROR = '_form';

interface FormValues {
  code: string;
  nameId: string;
  nameEn: string;
  group: string | null;
  unit: string;
  taxCategory: string;
  icd9Code: string;
  specialistId: string | null;
  isPackage: boolean;
  items: EditedItem[];
}

const EMPTY: FormValues = {
  code: '',
  nameId: '',
  nameEn: '',
  group: null,
  unit: '',
  taxCategory: 'exempt',
  icd9Code: '',
  specialistId: null,
  isPackage: false,
  items: [],
};

const valuesOf = (s: ServiceDetail): FormValues => ({
  code: s.code,
  nameId: s.nameId,
  nameEn: s.nameEn,
  group: s.group,
  unit: s.unit,
  taxCategory: s.taxCategory,
  icd9Code: s.icd9Code ?? '',
  specialistId: s.specialistId,
  isPackage: s.isPackage,
  items: s.items.map((i) => ({ ...i })),
});

/** The service's own fields and package items; the input stays when the server refuses it. */
export function ServiceForm({
  service,
  canManage,
  onSaved,
  onCancel,
}: {
  service: ServiceDetail | null;
  canManage: boolean;
  onSaved: (uid: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<FormValues>(() => (service ? valuesOf(service) : EMPTY));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveService();
  const specialists = useSpecialists();

  useEffect(() => {
    if (Object.keys(errors).length) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [errors]);

  // editing a field clears its message (the items' messages go with the items)
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) =>
      Object.fromEntries(
        Object.entries(e).filter(([k]) => k !== key && k !== FORM_ERROR && !k.startsWith(`${key}.`)),
      ),
    );
  };
  const errorOf = (key: string) => (errors[key] ? translateMessage(errors[key]) : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = serviceSaveSchema.safeParse({
      ...values,
      icd9Code: values.icd9Code.trim() || null,
      items: values.isPackage
        ? values.items.map((i) => ({ serviceUid: i.serviceUid, quantity: i.quantity }))
        : [],
    });
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    setErrors({});
    save.mutate(
      { uid: service?.uid ?? null, input: parsed.data },
      {
        onSuccess: (res) => {
          notifications.show({ color: 'teal', message: translateMessage(res.message) });
          if (res.data) onSaved(res.data.uid);
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || isUnexpectedError(error)) {
            void reportUnexpectedError(error);
            return;
          }
          setErrors(
            error.errors.length
              ? { ...toFieldErrors(error.errors), [FORM_ERROR]: error.status === 409 ? error.message : '' }
              : { [FORM_ERROR]: error.message },
          );
        },
      },
    );
  }

  const readOnly = !canManage;
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <TextInput
            label={t('services.code')}
            description={t('services.codeHint')}
            required
            data-autofocus
            maxLength={30}
            readOnly={readOnly}
            value={values.code}
            onChange={(e) => set('code', e.currentTarget.value.toUpperCase().replace(/\s/g, ''))}
            error={errorOf('code')}
          />
          <Select
            label={t('services.group')}
            required
            readOnly={readOnly}
            data={SERVICE_GROUPS.map((g) => ({ value: g, label: t(`services.groups.${g}`) }))}
            value={values.group}
            onChange={(v) => set('group', v)}
            error={errorOf('group')}
            allowDeselect={false}
          />
          <TextInput
            label={t('services.nameId')}
            required
            maxLength={200}
            readOnly={readOnly}
            value={values.nameId}
            onChange={(e) => set('nameId', e.currentTarget.value)}
            error={errorOf('nameId')}
          />
          <TextInput
            label={t('services.nameEn')}
            required
            maxLength={200}
            readOnly={readOnly}
            value={values.nameEn}
            onChange={(e) => set('nameEn', e.currentTarget.value)}
            error={errorOf('nameEn')}
          />
          <Autocomplete
            label={t('services.unit')}
            description={t('services.unitHint')}
            required
            maxLength={30}
            readOnly={readOnly}
            data={[...SERVICE_UNITS]}
            value={values.unit}
            onChange={(v) => set('unit', v)}
            error={errorOf('unit')}
          />
          <Select
            label={t('services.taxCategory')}
            description={t('services.taxHint')}
            required
            readOnly={readOnly}
            data={TAX_CATEGORIES.map((c) => ({ value: c, label: t(`services.taxes.${c}`) }))}
            value={values.taxCategory}
            onChange={(v) => v && set('taxCategory', v)}
            error={errorOf('taxCategory')}
            allowDeselect={false}
          />
          <TextInput
            label={t('services.icd9Code')}
            description={t('services.icd9Hint')}
            maxLength={6}
            readOnly={readOnly}
            value={values.icd9Code}
            onChange={(e) => set('icd9Code', e.currentTarget.value.trim())}
            error={errorOf('icd9Code')}
          />
          <Select
            label={t('services.specialist')}
            placeholder={t('services.specialistPlaceholder')}
            clearable
            searchable
            readOnly={readOnly}
            data={(specialists.data ?? []).map((s) => ({ value: s._id, label: s.name }))}
            value={values.specialistId}
            onChange={(v) => set('specialistId', v)}
            error={errorOf('specialistId')}
          />
        </SimpleGrid>
        <Switch
          label={t('services.isPackage')}
          description={t('services.isPackageHint')}
          disabled={readOnly}
          checked={values.isPackage}
          onChange={(e) => set('isPackage', e.currentTarget.checked)}
          error={errorOf('isPackage')}
        />
        {values.isPackage && (
          <PackageItemsEditor
            items={values.items}
            ownUid={service?.uid ?? null}
            readOnly={readOnly}
            onChange={(items) => set('items', items)}
            errors={errors}
          />
        )}
        {errors[FORM_ERROR] && (
          <Alert color="orange" variant="light">
            {translateMessage(errors[FORM_ERROR])}
          </Alert>
        )}
        {canManage && (
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onCancel}>
              {t('services.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('services.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
