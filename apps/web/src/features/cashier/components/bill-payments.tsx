import { reverseSchema } from '@klinikita/domain/billing/billing.schema';
import type { DocumentPaper } from '@klinikita/domain/billing/billing-documents.schema';
import { formatRupiah } from '@klinikita/domain/common/format';
import { Alert, Badge, Button, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { usePermissions } from '../../../shared/session/permissions.ts';
import { type Bill, type PaymentAnswer, useReversePayment } from '../api/cashier-api.ts';
import { FORM_ERROR, serverErrors } from './cashier-forms.ts';
import { ReceiptLink } from './print-links.tsx';

/**
 * The payments taken on the bill, each with its receipt number, its parts and its receipt; whoever
 * holds the approval permission reverses one with a reason (a negative payment, never a deletion;
 * the server refuses the cashier who took it).
 */
export function BillPayments({ bill, paper }: { bill: Bill; paper: DocumentPaper }) {
  const { t } = useTranslation();
  const canReverse = usePermissions().has('bill.approve');
  const [reversing, setReversing] = useState<PaymentAnswer | null>(null);
  if (bill.payments.length === 0) return null;
  return (
    <Stack gap={4} data-testid="bill-payments">
      <Title order={5}>{t('cashier.bill.payments')}</Title>
      {bill.payments.map((p) => (
        <Group key={p.uid} justify="space-between" wrap="nowrap" data-testid="payment">
          <Text size="sm">
            <Text span fw={600}>
              {t('cashier.bill.receipt', { number: p.receiptNumber ?? '–' })}
            </Text>
            {' · '}
            {p.parts
              .map(
                (part) =>
                  `${t(`billing.methods.${part.method}`)} ${formatRupiah(part.amount)}${
                    part.change ? ` (${t('cashier.bill.change', { amount: formatRupiah(part.change) })})` : ''
                  }${part.reference ? ` · ${part.reference}` : ''}`,
              )
              .join(', ')}
            {p.reason && ` · ${p.reason}`}
          </Text>
          <Group gap="xs" wrap="nowrap">
            {(p.reversedBy || p.reversesUid) && (
              <Badge color="gray" variant="light">
                {t(p.reversesUid ? 'cashier.reverse.reversal' : 'cashier.reverse.reversed')}
              </Badge>
            )}
            <ReceiptLink
              paymentUid={p.uid}
              paper={paper}
              label={t('cashier.print.receiptOf', { number: p.receiptNumber ?? '–' })}
            />
            {canReverse && !p.reversesUid && !p.reversedBy && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                aria-label={t('cashier.reverse.openLabel', { number: p.receiptNumber ?? '–' })}
                onClick={() => setReversing(p)}
              >
                {t('cashier.reverse.open')}
              </Button>
            )}
          </Group>
        </Group>
      ))}
      <Modal
        opened={reversing !== null}
        onClose={() => setReversing(null)}
        title={t('cashier.reverse.title')}
      >
        {reversing && <ReverseForm payment={reversing} onDone={() => setReversing(null)} />}
      </Modal>
    </Stack>
  );
}

function ReverseForm({ payment, onDone }: { payment: PaymentAnswer; onDone: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reverse = useReversePayment();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = reverseSchema.safeParse({ reason });
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    reverse.mutate(
      { params: { uid: payment.uid }, body: parsed.data },
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
        <Text size="sm">
          {t('cashier.reverse.what', {
            number: payment.receiptNumber ?? '–',
            amount: formatRupiah(payment.amount),
          })}
        </Text>
        <Textarea
          label={t('cashier.reverse.reason')}
          required
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={errors.reason ? translateMessage(errors.reason) : undefined}
        />
        {errors[FORM_ERROR] && (
          <Alert color="red" variant="light">
            {translateMessage(errors[FORM_ERROR])}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('cashier.cancel')}
          </Button>
          <Button type="submit" color="red" loading={reverse.isPending}>
            {t('cashier.reverse.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
