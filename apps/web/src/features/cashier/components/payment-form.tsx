import type { PaymentMethod } from '@klinikita/domain/billing/billing.rules';
import { paymentSchema } from '@klinikita/domain/billing/billing.schema';
import { formatRupiah } from '@klinikita/domain/common/format';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { type Bill, type PaymentAnswer, usePayBill } from '../api/cashier-api.ts';
import { useCurrentShift } from '../api/shift-api.ts';
import { FORM_ERROR, MONEY_INPUT, serverErrors } from './cashier-forms.ts';
import {
  changeOfDraft,
  depositPrefill,
  initialParts,
  methodsFor,
  needsReference,
  newPart,
  type PartDraft,
  remainingOf,
  toPaymentParts,
} from './payment-parts.ts';

const MAX_PARTS = 8;
const asAmount = (v: number | string): number | '' => (typeof v === 'number' ? v : '');

/**
 * The split payment of a bill: rows of method and amount (cash with the money received and the
 * change, card, QRIS and transfer with their reference), what is left shown as it is typed, and
 * "Bayar" only once the rows sum to what is outstanding. One idempotency key per attempt: a
 * double click or a retry of the same rows sends the same key, so the server charges once; any
 * edit starts a new attempt.
 */
export function PaymentForm({
  bill,
  depositBalance = 0,
  onPaid,
}: {
  bill: Bill;
  /** The patient's deposit: DEPOSIT is offered while it holds something. */
  depositBalance?: number;
  onPaid: (payment: PaymentAnswer) => void;
}) {
  const { t } = useTranslation();
  const [parts, setParts] = useState<PartDraft[]>(() => initialParts(bill));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const attemptKey = useRef<string | null>(null);
  const sending = useRef(false);
  const pay = usePayBill((payment) => {
    attemptKey.current = null;
    onPaid(payment);
  });
  // a payment is taken within the cashier's open shift (the server refuses it otherwise)
  const shiftOpen = Boolean(useCurrentShift(bill.clinicId).data?.shift);
  const methods = methodsFor(bill.payerType, depositBalance);
  const remaining = remainingOf(bill.outstanding, parts);
  const complete = remaining === 0 && parts.every((p) => p.amount !== '' && p.amount > 0);
  const errorOf = (key: string) => (errors[key] ? translateMessage(errors[key]) : undefined);

  const edit = (next: PartDraft[]) => {
    attemptKey.current = null;
    setParts(next);
  };
  const change = (id: number, patch: Partial<PartDraft>) =>
    edit(parts.map((p) => (p.id === id ? { ...p, ...patch } : p)));

  const submit = () => {
    if (sending.current || !complete || !shiftOpen) return;
    attemptKey.current ??= crypto.randomUUID();
    const parsed = paymentSchema.safeParse({
      idempotencyKey: attemptKey.current,
      parts: toPaymentParts(parts),
    });
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues));
      return;
    }
    sending.current = true;
    setErrors({});
    pay.mutate(
      { params: { billUid: bill.uid }, body: parsed.data },
      {
        onError: (error) => setErrors(serverErrors(error) ?? {}),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <Stack gap="sm" data-testid="payment-form">
      <Title order={4}>{t('cashier.pay.title')}</Title>
      {parts.map((p, i) => (
        <Group key={p.id} align="flex-start" gap="xs" wrap="wrap" data-testid="payment-part">
          <Select
            w={160}
            label={t('cashier.pay.method')}
            data={methods.map((m) => ({ value: m, label: t(`billing.methods.${m}`) }))}
            value={p.method}
            allowDeselect={false}
            onChange={(v) =>
              v &&
              change(p.id, {
                method: v as PaymentMethod,
                ...(v === 'DEPOSIT' && {
                  amount: depositPrefill(bill.outstanding, depositBalance, parts, p.id),
                  tendered: '',
                }),
              })
            }
            error={errorOf(`parts.${i}.method`)}
          />
          <NumberInput
            w={170}
            label={t('cashier.pay.amount')}
            {...MONEY_INPUT}
            value={p.amount}
            onChange={(v) => change(p.id, { amount: asAmount(v) })}
            error={errorOf(`parts.${i}.amount`)}
          />
          {p.method === 'TUNAI' && (
            <>
              <NumberInput
                w={170}
                label={t('cashier.pay.tendered')}
                {...MONEY_INPUT}
                value={p.tendered}
                onChange={(v) => change(p.id, { tendered: asAmount(v) })}
                error={errorOf(`parts.${i}.tendered`)}
              />
              <Stack gap={0} pt={4}>
                <Text size="sm" c="dimmed">
                  {t('cashier.pay.change')}
                </Text>
                <Text fw={700} data-testid="change">
                  {formatRupiah(changeOfDraft(p))}
                </Text>
              </Stack>
            </>
          )}
          {needsReference(p.method) && (
            <TextInput
              w={200}
              label={t('cashier.pay.reference')}
              value={p.reference}
              maxLength={100}
              onChange={(e) => change(p.id, { reference: e.currentTarget.value })}
              error={errorOf(`parts.${i}.reference`)}
            />
          )}
          {parts.length > 1 && (
            <ActionIcon
              mt={26}
              variant="subtle"
              color="red"
              aria-label={t('cashier.pay.removePart', { n: i + 1 })}
              onClick={() => edit(parts.filter((x) => x.id !== p.id))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      ))}
      <Group justify="space-between" align="center">
        <Button
          variant="subtle"
          leftSection={<IconPlus size={16} />}
          disabled={parts.length >= MAX_PARTS}
          onClick={() => edit([...parts, newPart('TUNAI', remaining > 0 ? remaining : '')])}
        >
          {t('cashier.pay.addPart')}
        </Button>
        <Group gap="xs">
          <Text size="sm">{t('cashier.pay.remaining')}</Text>
          <Text fw={700} c={remaining === 0 ? 'teal' : 'red'} data-testid="remaining">
            {remaining >= 0
              ? formatRupiah(remaining)
              : t('cashier.pay.overpaid', { amount: formatRupiah(-remaining) })}
          </Text>
        </Group>
      </Group>
      {errorOf('parts') && (
        <Text size="sm" c="red">
          {errorOf('parts')}
        </Text>
      )}
      {errors[FORM_ERROR] && (
        <Alert color="red" variant="light">
          {translateMessage(errors[FORM_ERROR])}
        </Alert>
      )}
      <Group justify="flex-end">
        {!shiftOpen && (
          <Text size="sm" c="orange" data-testid="pay-hint">
            {t('cashierShifts.bar.payHint')}
          </Text>
        )}
        <Button size="md" onClick={submit} disabled={!complete || !shiftOpen} loading={pay.isPending}>
          {t('cashier.pay.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
