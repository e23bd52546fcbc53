import { type Drug, drugSaveSchema } from '@klinikita/domain/drugs/drug.schema';
import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Modal,
  NumberInput,
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
import { useSaveDrug } from '../api/save-drug.ts';

/** Dosage forms and units as Indonesian clinics write them (suggestions; other words are accepted). */
const FORMS = [
  'tablet',
  'tablet salut',
  'tablet kunyah',
  'kaplet',
  'kapsul',
  'sirup',
  'sirup kering',
  'suspensi',
  'drops',
  'salep',
  'krim',
  'gel',
  'tetes mata',
  'tetes telinga',
  'injeksi',
  'infus',
  'inhaler',
  'suppositoria',
  'serbuk',
  'puyer',
];
const UNITS = [
  'tablet',
  'kapsul',
  'botol',
  'tube',
  'sachet',
  'ampul',
  'vial',
  'strip',
  'pot',
  'flakon',
  'pcs',
];

/** Where a refusal without a field of its own is shown: above the buttons. */
const FORM_ERROR = '_form';

interface DrugFormValues {
  name: string;
  genericName: string;
  form: string;
  strength: string;
  unit: string;
  kfaCode: string;
  price: number | string;
  active: boolean;
}

const EMPTY: DrugFormValues = {
  name: '',
  genericName: '',
  form: '',
  strength: '',
  unit: '',
  kfaCode: '',
  price: '',
  active: true,
};

const valuesOf = (drug: Drug): DrugFormValues => ({
  name: drug.name,
  genericName: drug.genericName ?? '',
  form: drug.form,
  strength: drug.strength ?? '',
  unit: drug.unit,
  kfaCode: drug.kfaCode ?? '',
  price: drug.price,
  active: drug.active,
});

/** Add a drug (drug null) or edit one; the input stays when the server refuses it. */
export function DrugFormModal({ drug, onClose }: { drug: Drug | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<DrugFormValues>(() => (drug ? valuesOf(drug) : EMPTY));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveDrug();

  useEffect(() => {
    if (Object.keys(errors).length) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [errors]);

  // editing a field clears its message: what is left marked still needs fixing
  const set = <K extends keyof DrugFormValues>(key: K, value: DrugFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, [FORM_ERROR]: __, ...rest }) => rest);
  };
  const errorOf = (key: keyof DrugFormValues) => (errors[key] ? translateMessage(errors[key]) : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = drugSaveSchema.safeParse({
      ...values,
      price: values.price === '' ? undefined : Number(values.price),
    });
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    setErrors({});
    save.mutate(
      { uid: drug?.uid ?? null, input: parsed.data },
      {
        onSuccess: (res) => {
          notifications.show({ color: 'teal', message: translateMessage(res.message) });
          onClose();
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || isUnexpectedError(error)) {
            void reportUnexpectedError(error);
            return;
          }
          setErrors(
            error.errors.length
              ? toFieldErrors(error.errors)
              : { [error.status === 409 ? 'name' : FORM_ERROR]: error.message },
          );
        },
      },
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={drug ? t('drugs.editTitle') : t('drugs.addTitle')}
      size="lg"
      // a stray click or Escape (closing a suggestion list) must not throw the typed drug away
      closeOnClickOutside={false}
      closeOnEscape={false}
    >
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
            <TextInput
              label={t('drugs.name')}
              placeholder={t('drugs.namePlaceholder')}
              required
              data-autofocus
              maxLength={200}
              value={values.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              error={errorOf('name')}
            />
            <TextInput
              label={t('drugs.genericName')}
              placeholder={t('drugs.genericNamePlaceholder')}
              maxLength={200}
              value={values.genericName}
              onChange={(e) => set('genericName', e.currentTarget.value)}
              error={errorOf('genericName')}
            />
            <Autocomplete
              label={t('drugs.form')}
              placeholder={t('drugs.formPlaceholder')}
              required
              maxLength={40}
              data={FORMS}
              value={values.form}
              onChange={(v) => set('form', v)}
              error={errorOf('form')}
            />
            <TextInput
              label={t('drugs.strength')}
              placeholder={t('drugs.strengthPlaceholder')}
              maxLength={60}
              value={values.strength}
              onChange={(e) => set('strength', e.currentTarget.value)}
              error={errorOf('strength')}
            />
            <Autocomplete
              label={t('drugs.unit')}
              placeholder={t('drugs.unitPlaceholder')}
              description={t('drugs.unitHint')}
              required
              maxLength={30}
              data={UNITS}
              value={values.unit}
              onChange={(v) => set('unit', v)}
              error={errorOf('unit')}
            />
            <NumberInput
              label={t('drugs.price')}
              required
              prefix="Rp "
              thousandSeparator="."
              decimalSeparator=","
              allowDecimal={false}
              allowNegative={false}
              hideControls
              value={values.price}
              onChange={(v) => set('price', v)}
              error={errorOf('price')}
            />
            <TextInput
              label={t('drugs.kfaCode')}
              description={t('drugs.kfaHint')}
              inputMode="numeric"
              maxLength={20}
              value={values.kfaCode}
              onChange={(e) => set('kfaCode', e.currentTarget.value.replace(/\s/g, ''))}
              error={errorOf('kfaCode')}
            />
            <Switch
              label={t('drugs.activeLabel')}
              checked={values.active}
              onChange={(e) => set('active', e.currentTarget.checked)}
              style={{ alignSelf: 'center' }}
            />
          </SimpleGrid>
          {errors[FORM_ERROR] && (
            <Alert color="orange" variant="light">
              {translateMessage(errors[FORM_ERROR])}
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('drugs.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('drugs.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
