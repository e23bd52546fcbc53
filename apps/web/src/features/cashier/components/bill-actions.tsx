import { DISCOUNT_TYPES, type DiscountType } from '@klinikita/domain/billing/billing.rules';
import { chargeSchema, discountSchema } from '@klinikita/domain/billing/billing.schema';
import { formatRupiah } from '@klinikita/domain/common/format';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors, withoutFields } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { type Bill, useAddCharge, useAddDiscount, useAdjustBill } from '../api/cashier-api.ts';
import { FORM_ERROR, MONEY_INPUT, serverErrors } from './cashier-forms.ts';

const WHOLE_BILL = '';

/** The bill's actions for a cashier: an extra charge (an adjustment once posted) and a discount (draft only). */
export function BillActions({ bill }: { bill: Bill }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'charge' | 'discount' | null>(null);
  if (bill.status === 'paid') return null;
  return (
    <Group gap="xs">
      <Button size="xs" variant="light" onClick={() => setOpen('charge')}>
        {t('cashier.charge.open')}
      </Button>
      {bill.status === 'draft' && (
        <Button size="xs" variant="light" onClick={() => setOpen('discount')}>
          {t('cashier.discount.open')}
        </Button>
      )}
      <Modal opened={open === 'charge'} onClose={() => setOpen(null)} title={t('cashier.charge.title')}>
        {open === 'charge' && <ChargeForm bill={bill} onDone={() => setOpen(null)} />}
      </Modal>
      <Modal opened={open === 'discount'} onClose={() => setOpen(null)} title={t('cashier.discount.title')}>
        {open === 'discount' && <DiscountForm bill={bill} onDone={() => setOpen(null)} />}
      </Modal>
    </Group>
  );
}

type Done = { bill: Bill; onDone: () => void };
const amountOf = (v: number | string) => (typeof v === 'number' ? v : undefined);

function useFormErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const errorOf = (key: string) => (errors[key] ? translateMessage(errors[key]) : undefined);
  return { errors, setErrors, errorOf };
}

function FormFooter({
  error,
  pending,
  submit,
  onCancel,
}: {
  error?: string;
  pending: boolean;
  submit: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {error && (
        <Alert color="red" variant="light">
          {translateMessage(error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('cashier.cancel')}
        </Button>
        <Button type="submit" loading={pending}>
          {submit}
        </Button>
      </Group>
    </>
  );
}

/** An extra charge with its reason: on a draft as a charge, on a posted bill as an adjustment line. */
function ChargeForm({ bill, onDone }: Done) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ description: '', amount: '' as number | string, reason: '' });
  const { errors, setErrors, errorOf } = useFormErrors();
  const charge = useAddCharge();
  const adjust = useAdjustBill();
  const set = (key: keyof typeof values, value: string | number) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => withoutFields(e, [key, FORM_ERROR]));
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = chargeSchema.safeParse({ ...values, amount: amountOf(values.amount) });
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    const handlers = {
      onSuccess: (answer: { message: string }) => {
        notifications.show({ color: 'teal', message: translateMessage(answer.message) });
        onDone();
      },
      onError: (error: Error) => setErrors(serverErrors(error) ?? {}),
    };
    if (bill.status === 'draft')
      charge.mutate({ params: { visitUid: bill.visitUid }, body: parsed.data }, handlers);
    else adjust.mutate({ params: { billUid: bill.uid }, body: parsed.data }, handlers);
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('cashier.charge.description')}
          required
          maxLength={200}
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={errorOf('description')}
        />
        <NumberInput
          label={t('cashier.charge.amount')}
          required
          {...MONEY_INPUT}
          value={values.amount}
          onChange={(v) => set('amount', v)}
          error={errorOf('amount')}
        />
        <Textarea
          label={t('cashier.charge.reason')}
          required
          maxLength={500}
          value={values.reason}
          onChange={(e) => set('reason', e.currentTarget.value)}
          error={errorOf('reason')}
        />
        <FormFooter
          error={errors[FORM_ERROR]}
          pending={charge.isPending || adjust.isPending}
          submit={t('cashier.charge.submit')}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

/** A discount on one line or the whole bill, in rupiah or percent, with its reason. */
function DiscountForm({ bill, onDone }: Done) {
  const { t } = useTranslation();
  const [values, setValues] = useState({
    lineKey: WHOLE_BILL,
    type: 'fixed' as DiscountType,
    value: '' as number | string,
    reason: '',
  });
  const { errors, setErrors, errorOf } = useFormErrors();
  const discount = useAddDiscount();
  const set = (key: keyof typeof values, value: string | number) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => withoutFields(e, [key, FORM_ERROR]));
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = discountSchema.safeParse({ ...values, value: amountOf(values.value) });
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    discount.mutate(
      { params: { visitUid: bill.visitUid }, body: parsed.data },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', message: translateMessage(answer.message) });
          onDone();
        },
        onError: (error) => setErrors(serverErrors(error) ?? {}),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Select
          label={t('cashier.discount.line')}
          allowDeselect={false}
          data={[
            { value: WHOLE_BILL, label: t('cashier.bill.wholeBill') },
            ...bill.lines.map((l) => ({ value: l.key, label: `${l.description} (${formatRupiah(l.net)})` })),
          ]}
          value={values.lineKey}
          onChange={(v) => set('lineKey', v ?? WHOLE_BILL)}
          error={errorOf('lineKey')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('cashier.discount.type')}
          </Text>
          <SegmentedControl
            data={DISCOUNT_TYPES.map((d) => ({ value: d, label: t(`cashier.discount.types.${d}`) }))}
            value={values.type}
            onChange={(v) => set('type', v)}
          />
        </Stack>
        <NumberInput
          label={t('cashier.discount.value')}
          required
          {...(values.type === 'fixed'
            ? MONEY_INPUT
            : { suffix: ' %', allowDecimal: false, allowNegative: false, max: 100, hideControls: true })}
          value={values.value}
          onChange={(v) => set('value', v)}
          error={errorOf('value')}
        />
        <Textarea
          label={t('cashier.discount.reason')}
          required
          maxLength={500}
          value={values.reason}
          onChange={(e) => set('reason', e.currentTarget.value)}
          error={errorOf('reason')}
        />
        <Text size="xs" c="dimmed">
          {t('cashier.discount.threshold', { amount: formatRupiah(bill.settings.discountApprovalThreshold) })}
        </Text>
        <FormFooter
          error={errors[FORM_ERROR]}
          pending={discount.isPending}
          submit={t('cashier.discount.submit')}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
