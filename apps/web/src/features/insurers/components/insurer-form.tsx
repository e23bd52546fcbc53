import { INSURER_KINDS, insurerSaveSchema } from '@klinikita/domain/insurers/insurer.schema';
import { COPAY_TYPES } from '@klinikita/domain/partner-companies/partner-company.rules';
import { SERVICE_GROUPS } from '@klinikita/domain/services/service.schema';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { type Insurer, useCreateInsurer, useUpdateInsurer } from '../api/insurers-api.ts';

/** Where a refusal without a field of its own is shown: above the buttons. */
const FORM_ERROR = '_form';

type Amount = number | string;
interface Values {
  name: string;
  code: string;
  kind: (typeof INSURER_KINDS)[number];
  contactName: string;
  phone: string;
  email: string;
  address: string;
  paymentTermDays: Amount;
  ceilingPerVisit: Amount;
  ceilingPerYear: Amount;
  copayType: (typeof COPAY_TYPES)[number];
  copayValue: Amount;
  excludedGroups: string[];
  active: boolean;
}

const valuesOf = (i: Insurer | null): Values => ({
  name: i?.name ?? '',
  code: i?.code ?? '',
  kind: i?.kind ?? 'insurer',
  contactName: i?.contactName ?? '',
  phone: i?.phone ?? '',
  email: i?.email ?? '',
  address: i?.address ?? '',
  paymentTermDays: i?.paymentTermDays ?? 30,
  ceilingPerVisit: i?.ceilingPerVisit ?? '',
  ceilingPerYear: i?.ceilingPerYear ?? '',
  copayType: i?.copayType ?? 'none',
  copayValue: i?.copayValue ?? 0,
  excludedGroups: i?.excludedGroups ?? [],
  active: i?.active ?? true,
});

const amountOrNull = (v: Amount) => (v === '' || v === null ? null : Number(v));

/** A refused write as form messages: field messages under their fields, else above the buttons. */
function serverErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || isUnexpectedError(error)) {
    void reportUnexpectedError(error);
    return null;
  }
  return error.errors.length ? toFieldErrors(error.errors) : { [FORM_ERROR]: error.message };
}

/** An insurer's contact, terms and coverage: the input stays when refused, the server's messages under the fields. */
export function InsurerForm({
  insurer,
  onSaved,
  onCancel,
}: {
  insurer: Insurer | null;
  onSaved?: (insurer: Insurer) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const s = (key: string) => t(`insurers.screen.${key}`);
  const [values, setValues] = useState<Values>(() => valuesOf(insurer));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateInsurer();
  const update = useUpdateInsurer();
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, [FORM_ERROR]: __, ...rest }) => rest);
  };
  const errorOf = (key: string) => (errors[key] ? translateMessage(errors[key]) : undefined);
  const text = (key: 'name' | 'code' | 'contactName' | 'phone' | 'email', max: number, required = false) => (
    <TextInput
      label={s(key)}
      maxLength={max}
      required={required}
      value={values[key]}
      onChange={(e) => set(key, e.currentTarget.value)}
      error={errorOf(key)}
    />
  );
  const amount = (
    key: 'paymentTermDays' | 'ceilingPerVisit' | 'ceilingPerYear' | 'copayValue',
    label: string,
    extra: { description?: string; max?: number } = {},
  ) => (
    <NumberInput
      label={label}
      min={0}
      allowDecimal={false}
      allowNegative={false}
      thousandSeparator="."
      decimalSeparator=","
      value={values[key]}
      onChange={(v) => set(key, v)}
      error={errorOf(key)}
      {...extra}
    />
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = insurerSaveSchema.safeParse({
      ...values,
      paymentTermDays: values.paymentTermDays === '' ? undefined : Number(values.paymentTermDays),
      ceilingPerVisit: amountOrNull(values.ceilingPerVisit),
      ceilingPerYear: amountOrNull(values.ceilingPerYear),
      copayValue: values.copayType === 'none' ? 0 : Number(values.copayValue || 0),
    });
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    const done = {
      onSuccess: (answer: { message: string; data?: Insurer }) => {
        notifications.show({ color: 'teal', message: translateMessage(answer.message) });
        if (answer.data) onSaved?.(answer.data);
      },
      onError: (error: unknown) => {
        const mapped = serverErrors(error);
        if (mapped) setErrors(mapped);
      },
    };
    if (insurer) update.mutate({ params: { uid: insurer.uid }, body: parsed.data }, done);
    else create.mutate({ body: parsed.data }, done);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          {text('name', 120, true)}
          {text('code', 20)}
          <Select
            label={s('kind')}
            allowDeselect={false}
            data={INSURER_KINDS.map((k) => ({ value: k, label: t(`insurers.kinds.${k}`) }))}
            value={values.kind}
            onChange={(v) => set('kind', (v ?? 'insurer') as Values['kind'])}
          />
          {amount('paymentTermDays', s('paymentTermDays'), { max: 365 })}
          {text('contactName', 120)}
          {text('phone', 30)}
          {text('email', 120)}
        </SimpleGrid>
        <Textarea
          label={s('address')}
          maxLength={300}
          autosize
          minRows={2}
          value={values.address}
          onChange={(e) => set('address', e.currentTarget.value)}
          error={errorOf('address')}
        />
        <Title order={5}>{s('coverage')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          {amount('ceilingPerVisit', s('ceilingPerVisit'), { description: s('noCeiling') })}
          {amount('ceilingPerYear', s('ceilingPerYear'), { description: s('noCeiling') })}
          <Select
            label={s('copayType')}
            allowDeselect={false}
            data={COPAY_TYPES.map((c) => ({ value: c, label: t(`insurers.copayTypes.${c}`) }))}
            value={values.copayType}
            onChange={(v) => set('copayType', (v ?? 'none') as Values['copayType'])}
          />
          {values.copayType !== 'none' &&
            amount('copayValue', s('copayValue'), {
              max: values.copayType === 'percent' ? 100 : undefined,
            })}
        </SimpleGrid>
        <MultiSelect
          label={s('excludedGroups')}
          data={SERVICE_GROUPS.map((g) => ({ value: g, label: t(`services.groups.${g}`) }))}
          value={values.excludedGroups}
          onChange={(v) => set('excludedGroups', v)}
          error={errorOf('excludedGroups')}
        />
        {insurer && (
          <Switch
            label={s('active')}
            checked={values.active}
            onChange={(e) => set('active', e.currentTarget.checked)}
          />
        )}
        {errors[FORM_ERROR] && (
          <Alert color="orange" variant="light">
            <Text size="sm">{translateMessage(errors[FORM_ERROR])}</Text>
          </Alert>
        )}
        <Group justify="flex-end" mt="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {s('cancel')}
            </Button>
          )}
          <Button type="submit" loading={create.isPending || update.isPending}>
            {s('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
