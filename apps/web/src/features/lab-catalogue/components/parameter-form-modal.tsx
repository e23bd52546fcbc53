import type { ResultType } from '@klinikita/domain/lab/lab-catalogue.rules';
import {
  CONTAINERS,
  type LabParameter,
  type LabTestDetail,
  labParameterSaveSchema,
  RESULT_TYPES,
  SPECIMENS,
} from '@klinikita/domain/lab/lab-catalogue.schema';
import { formulaIssue } from '@klinikita/domain/lab/lab-formula.rules';
import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useAddParameter, useUpdateParameter } from '../api/lab-catalogue-api.ts';

/** Units as Indonesian lab reports write them (suggestions; other units are accepted). */
const UNITS = [
  'g/dL',
  '%',
  '10³/µL',
  '10⁶/µL',
  'fL',
  'pg',
  'mm/jam',
  'mg/dL',
  'U/L',
  'mmol/L',
  '/LPB',
  '/LPK',
];

/** Where the server's sentence goes when it is not about one field alone. */
const FORM_ERROR = '_form';

interface Values {
  code: string;
  nameId: string;
  nameEn: string;
  unit: string;
  resultType: ResultType;
  decimals: number | string;
  printOrder: number | string;
  loinc: string;
  specimen: string | null;
  container: string | null;
  choices: string[];
  formula: string;
}

const valuesOf = (p: LabParameter | null, nextOrder: number): Values => ({
  code: p?.code ?? '',
  nameId: p?.nameId ?? '',
  nameEn: p?.nameEn ?? '',
  unit: p?.unit ?? '',
  resultType: p?.resultType ?? 'number',
  decimals: p?.decimals ?? 0,
  printOrder: p?.printOrder ?? nextOrder,
  loinc: p?.loinc ?? '',
  specimen: p?.specimen ?? null,
  container: p?.container ?? null,
  choices: p?.choices ?? [],
  formula: p?.formula ?? '',
});

const number = (v: number | string) => (v === '' ? undefined : Number(v));

/** Add a parameter to a test (parameter null) or change one; the input stays when the server refuses it. */
export function ParameterFormModal({
  test,
  parameter,
  onClose,
}: {
  test: LabTestDetail;
  parameter: LabParameter | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const nextOrder = Math.max(0, ...test.parameters.map((p) => p.printOrder)) + 10;
  const [values, setValues] = useState<Values>(() => valuesOf(parameter, nextOrder));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const add = useAddParameter();
  const update = useUpdateParameter();
  const others = test.parameters.filter((p) => p.uid !== parameter?.uid);

  useEffect(() => {
    if (Object.keys(errors).length)
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, [FORM_ERROR]: __, ...rest }) => rest);
  };
  const errorOf = (key: keyof Values) => (errors[key] ? translateMessage(errors[key]) : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    const isNumber = values.resultType === 'number';
    const parsed = labParameterSaveSchema.safeParse({
      ...values,
      decimals: isNumber ? number(values.decimals) : 0,
      printOrder: number(values.printOrder),
      choices: values.resultType === 'choice' ? values.choices : null,
      formula: isNumber ? values.formula : null,
    });
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    // the formula is checked here against the test's parameters, naming the code at fault
    const issue = parsed.data.formula && formulaIssue(parsed.data.code, parsed.data.formula, others);
    if (issue) return setErrors({ formula: t(issue.key, issue.params) });
    setErrors({});
    const onError = (error: Error) => {
      if (!(error instanceof ApiError) || isUnexpectedError(error)) return void reportUnexpectedError(error);
      const fields = toFieldErrors(error.errors);
      const generic = error.message === translateMessage('api.validation');
      setErrors(generic ? fields : { ...fields, [FORM_ERROR]: error.message });
    };
    const onSuccess = (res: { message: string }) => {
      notifications.show({ color: 'teal', message: translateMessage(res.message) });
      onClose();
    };
    if (parameter) {
      update.mutate({ params: { uid: parameter.uid }, body: parsed.data }, { onSuccess, onError });
    } else {
      add.mutate({ params: { uid: test.uid }, body: parsed.data }, { onSuccess, onError });
    }
  }

  const options = (list: readonly string[], prefix: string) =>
    list.map((value) => ({ value, label: t(`${prefix}.${value}` as const) as string }));

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(parameter ? 'labCatalogue.editTitle' : 'labCatalogue.addTitle', { test: test.nameId })}
      size="xl"
      closeOnClickOutside={false}
      closeOnEscape={false}
    >
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
            <TextInput
              label={t('labCatalogue.code')}
              description={t('labCatalogue.codeHint')}
              required
              data-autofocus
              maxLength={20}
              value={values.code}
              onChange={(e) => set('code', e.currentTarget.value.toUpperCase())}
              error={errorOf('code')}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <TextInput
              label={t('labCatalogue.nameId')}
              required
              maxLength={120}
              value={values.nameId}
              onChange={(e) => set('nameId', e.currentTarget.value)}
              error={errorOf('nameId')}
            />
            <TextInput
              label={t('labCatalogue.nameEn')}
              required
              maxLength={120}
              value={values.nameEn}
              onChange={(e) => set('nameEn', e.currentTarget.value)}
              error={errorOf('nameEn')}
            />
            <Select
              label={t('labCatalogue.resultType')}
              required
              allowDeselect={false}
              data={options(RESULT_TYPES, 'labCatalogue.resultTypes')}
              value={values.resultType}
              onChange={(v) => v && set('resultType', v as ResultType)}
              error={errorOf('resultType')}
            />
            <Autocomplete
              label={t('labCatalogue.unit')}
              placeholder={t('labCatalogue.unitPlaceholder')}
              maxLength={30}
              data={UNITS}
              value={values.unit}
              onChange={(v) => set('unit', v)}
              error={errorOf('unit')}
            />
            {values.resultType === 'number' ? (
              <NumberInput
                label={t('labCatalogue.decimals')}
                min={0}
                max={4}
                allowDecimal={false}
                allowNegative={false}
                value={values.decimals}
                onChange={(v) => set('decimals', v)}
                error={errorOf('decimals')}
              />
            ) : (
              <div />
            )}
            <NumberInput
              label={t('labCatalogue.printOrder')}
              required
              min={0}
              max={9999}
              allowDecimal={false}
              allowNegative={false}
              value={values.printOrder}
              onChange={(v) => set('printOrder', v)}
              error={errorOf('printOrder')}
            />
            <TextInput
              label={t('labCatalogue.loinc')}
              description={t('labCatalogue.loincHint')}
              maxLength={10}
              value={values.loinc}
              onChange={(e) => set('loinc', e.currentTarget.value.trim())}
              error={errorOf('loinc')}
            />
            <div />
            <Select
              label={t('labCatalogue.specimen')}
              placeholder={t('labCatalogue.none')}
              clearable
              data={options(SPECIMENS, 'labCatalogue.specimens')}
              value={values.specimen}
              onChange={(v) => set('specimen', v)}
              error={errorOf('specimen')}
            />
            <Select
              label={t('labCatalogue.container')}
              placeholder={t('labCatalogue.none')}
              clearable
              data={options(CONTAINERS, 'labCatalogue.containers')}
              value={values.container}
              onChange={(v) => set('container', v)}
              error={errorOf('container')}
            />
          </SimpleGrid>
          {values.resultType === 'choice' && (
            <TagsInput
              label={t('labCatalogue.choices')}
              description={t('labCatalogue.choicesHint')}
              required
              value={values.choices}
              onChange={(v) => set('choices', v)}
              error={errorOf('choices')}
            />
          )}
          {values.resultType === 'number' && (
            <TextInput
              label={t('labCatalogue.formula')}
              description={t('labCatalogue.formulaHint', {
                codes:
                  others
                    .filter((p) => p.active && p.resultType === 'number')
                    .map((p) => p.code)
                    .join(', ') || '–',
              })}
              maxLength={200}
              value={values.formula}
              onChange={(e) => set('formula', e.currentTarget.value)}
              error={errorOf('formula')}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
          )}
          {errors[FORM_ERROR] && (
            <Alert color="orange" variant="light">
              {translateMessage(errors[FORM_ERROR])}
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('labCatalogue.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending || update.isPending}>
              {t('labCatalogue.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
