import {
  COPAY_TYPES,
  CUTOFF_DAY_MAX,
  CUTOFF_DAY_MIN,
} from '@klinikita/domain/partner-companies/partner-company.rules';
import { companySaveSchema } from '@klinikita/domain/partner-companies/partner-company.schema';
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
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { type CompanyDetail, useCreateCompany, useUpdateCompany } from '../api/partner-companies-api.ts';
import { amountOrNull, FORM_ERROR, serverErrors } from './company-format.ts';
import { ServicePicker } from './service-picker.tsx';

type Amount = number | string;
interface Values {
  name: string;
  code: string;
  legalName: string;
  npwp: string;
  address: string;
  city: string;
  phone: string;
  email: string;
  picName: string;
  paymentTermDays: Amount;
  creditLimit: Amount;
  cutoffDay: Amount;
  ppnInvoiceRequired: boolean;
  ceilingPerVisit: Amount;
  ceilingPerYear: Amount;
  copayType: (typeof COPAY_TYPES)[number];
  copayValue: Amount;
  excludedGroups: string[];
  excludedServices: { uid: string; code: string; name: string }[];
  active: boolean;
}

const PROFILE_KEYS = [
  'name',
  'code',
  'legalName',
  'npwp',
  'address',
  'city',
  'phone',
  'email',
  'picName',
  'active',
] as const;
const TERMS_KEYS = [
  'paymentTermDays',
  'creditLimit',
  'cutoffDay',
  'ppnInvoiceRequired',
  'ceilingPerVisit',
  'ceilingPerYear',
  'copayType',
  'copayValue',
  'excludedGroups',
  'excludedServices',
] as const;

const valuesOf = (c: CompanyDetail | null): Values => ({
  name: c?.name ?? '',
  code: c?.code ?? '',
  legalName: c?.legalName ?? '',
  npwp: c?.npwp ?? '',
  address: c?.address ?? '',
  city: c?.city ?? '',
  phone: c?.phone ?? '',
  email: c?.email ?? '',
  picName: c?.picName ?? '',
  paymentTermDays: c?.paymentTermDays ?? 30,
  creditLimit: c?.creditLimit ?? '',
  cutoffDay: c?.cutoffDay ?? 25,
  ppnInvoiceRequired: c?.ppnInvoiceRequired ?? false,
  ceilingPerVisit: c?.ceilingPerVisit ?? '',
  ceilingPerYear: c?.ceilingPerYear ?? '',
  copayType: c?.copayType ?? 'none',
  copayValue: c?.copayValue ?? 0,
  excludedGroups: c?.excludedGroups ?? [],
  excludedServices: c?.excludedServices ?? [],
  active: c?.active ?? true,
});

/**
 * A company's profile (`part` profile) or its credit terms and coverage (`part` terms), saved as
 * one record: the input stays when refused, the server's messages under the fields.
 */
export function CompanyForm({
  company,
  part,
  readOnly = false,
  onSaved,
  onCancel,
}: {
  company: CompanyDetail | null;
  part: 'profile' | 'terms';
  readOnly?: boolean;
  onSaved?: (company: CompanyDetail) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(() => valuesOf(company));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const pending = create.isPending || update.isPending;
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, [FORM_ERROR]: __, ...rest }) => rest);
  };
  const errorOf = (key: string) => (errors[key] ? translateMessage(errors[key]) : undefined);
  const s = (key: string) => t(`partnerCompanies.screen.${key}`);
  const text = (
    key: keyof Values & string,
    max: number,
    extra: { description?: string; required?: boolean } = {},
  ) => (
    <TextInput
      label={s(key)}
      maxLength={max}
      readOnly={readOnly}
      value={values[key] as string}
      onChange={(e) => set(key, e.currentTarget.value as never)}
      error={errorOf(key)}
      {...extra}
    />
  );
  const amount = (
    key: keyof Values & string,
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
      readOnly={readOnly}
      value={values[key] as Amount}
      onChange={(v) => set(key, v as never)}
      error={errorOf(key)}
      {...extra}
    />
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    // this tab's fields over the company as last read: the other tab's saved changes stay
    const own = part === 'profile' ? PROFILE_KEYS : TERMS_KEYS;
    const merged = { ...valuesOf(company), ...Object.fromEntries(own.map((k) => [k, values[k]])) } as Values;
    const parsed = companySaveSchema.safeParse({
      ...merged,
      paymentTermDays: merged.paymentTermDays === '' ? undefined : Number(merged.paymentTermDays),
      cutoffDay: merged.cutoffDay === '' ? undefined : Number(merged.cutoffDay),
      creditLimit: amountOrNull(merged.creditLimit),
      ceilingPerVisit: amountOrNull(merged.ceilingPerVisit),
      ceilingPerYear: amountOrNull(merged.ceilingPerYear),
      copayValue: merged.copayType === 'none' ? 0 : Number(merged.copayValue || 0),
      excludedServiceUids: merged.excludedServices.map((x) => x.uid),
    });
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    const done = {
      onSuccess: (answer: { message: string; data?: CompanyDetail }) => {
        notifications.show({ color: 'teal', message: translateMessage(answer.message) });
        if (answer.data) onSaved?.(answer.data);
      },
      onError: (error: unknown) => {
        const mapped = serverErrors(error);
        if (mapped) setErrors(mapped);
      },
    };
    if (company) update.mutate({ params: { uid: company.uid }, body: parsed.data }, done);
    else create.mutate({ body: parsed.data }, done);
  }

  let fields: ReactNode;
  if (part === 'profile')
    fields = (
      <>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          {text('name', 120, { required: true })}
          {text('code', 20)}
          {text('legalName', 200)}
          {text('npwp', 30, { description: s('npwpHint') })}
          {text('picName', 120)}
          {text('phone', 30)}
          {text('email', 120)}
          {text('city', 80)}
        </SimpleGrid>
        <Textarea
          label={s('address')}
          maxLength={300}
          autosize
          minRows={2}
          readOnly={readOnly}
          value={values.address}
          onChange={(e) => set('address', e.currentTarget.value)}
          error={errorOf('address')}
        />
        {company && (
          <Switch
            label={s('active')}
            disabled={readOnly}
            checked={values.active}
            onChange={(e) => set('active', e.currentTarget.checked)}
          />
        )}
      </>
    );
  else
    fields = (
      <>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
          {amount('paymentTermDays', s('paymentTermDays'), { max: 365 })}
          {amount('creditLimit', s('creditLimit'), { description: s('creditLimitHint') })}
          <TextInput label={s('billingCycle')} value={s('monthly')} readOnly />
          {amount('cutoffDay', s('cutoffDay'), {
            max: CUTOFF_DAY_MAX,
            description: `${CUTOFF_DAY_MIN}–${CUTOFF_DAY_MAX}`,
          })}
          {amount('ceilingPerVisit', s('ceilingPerVisit'), { description: s('ceilingHint') })}
          {amount('ceilingPerYear', s('ceilingPerYear'), { description: s('ceilingHint') })}
          <Select
            label={s('copayType')}
            allowDeselect={false}
            readOnly={readOnly}
            data={COPAY_TYPES.map((c) => ({ value: c, label: t(`partnerCompanies.copayTypes.${c}`) }))}
            value={values.copayType}
            onChange={(v) => set('copayType', (v ?? 'none') as Values['copayType'])}
          />
          {values.copayType !== 'none' &&
            amount('copayValue', s(values.copayType === 'percent' ? 'copayPercent' : 'copayFixed'), {
              max: values.copayType === 'percent' ? 100 : undefined,
            })}
        </SimpleGrid>
        <Switch
          label={s('ppnInvoiceRequired')}
          disabled={readOnly}
          checked={values.ppnInvoiceRequired}
          onChange={(e) => set('ppnInvoiceRequired', e.currentTarget.checked)}
        />
        <MultiSelect
          label={s('excludedGroups')}
          readOnly={readOnly}
          data={SERVICE_GROUPS.map((g) => ({ value: g, label: t(`services.groups.${g}`) }))}
          value={values.excludedGroups}
          onChange={(v) => set('excludedGroups', v)}
          error={errorOf('excludedGroups')}
        />
        <ServicePicker
          label={s('excludedServices')}
          readOnly={readOnly}
          value={values.excludedServices}
          onChange={(v) => set('excludedServices', v)}
          error={errorOf(Object.keys(errors).find((k) => k.startsWith('excludedServiceUids')) ?? '')}
        />
      </>
    );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {fields}
        {errors[FORM_ERROR] && (
          <Alert color="orange" variant="light">
            <Text size="sm">{translateMessage(errors[FORM_ERROR])}</Text>
          </Alert>
        )}
        {!readOnly && (
          <Group justify="flex-end" mt="xs">
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                {s('cancel')}
              </Button>
            )}
            <Button type="submit" loading={pending}>
              {s('save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
