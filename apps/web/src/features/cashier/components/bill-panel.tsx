import type { DocumentPaper } from '@klinikita/domain/billing/billing-documents.schema';
import { formatRupiah } from '@klinikita/domain/common/format';
import { Alert, Badge, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../shared/session/permissions.ts';
import { type PaymentAnswer, type Registration, useVisitBill } from '../api/cashier-api.ts';
import { usePatientDeposit } from '../api/deposit-api.ts';
import { BillActions } from './bill-actions.tsx';
import { BillAdjustments } from './bill-adjustments.tsx';
import { BillLines, BillTotals } from './bill-lines.tsx';
import { BillPayments } from './bill-payments.tsx';
import { DepositPanel } from './deposit-panel.tsx';
import { LoadState } from './load-state.tsx';
import { PaymentForm } from './payment-form.tsx';
import { InvoiceLink, PaperPick, ReceiptLink } from './print-links.tsx';

const STATUS_COLOURS = { draft: 'gray', posted: 'blue', paid: 'teal' } as const;

/**
 * One visit's bill at the cashier: who and who pays, the lines by category, the extra charges and
 * discounts, the totals, the payments, and the payment form while something is outstanding. The
 * receipt of a payment just taken stays shown after the bill refetches as paid.
 */
export function BillPanel({ visit }: { visit: Registration }) {
  const { t } = useTranslation();
  const canTake = usePermissions().has('payment.take');
  const bill = useVisitBill(visit._id);
  const deposit = usePatientDeposit(visit.patient.uid).data;
  const [paid, setPaid] = useState<PaymentAnswer | null>(null);
  const [paper, setPaper] = useState<DocumentPaper>('a4');
  const onPaid = (payment: PaymentAnswer) => {
    setPaid(payment);
    notifications.show({
      color: 'teal',
      title: t('cashier.pay.paidTitle'),
      message: t('cashier.pay.receipt', { number: payment.receiptNumber ?? '–' }),
    });
  };

  const data = bill.data;
  return (
    <Card withBorder padding="md" data-testid="bill-panel">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={0}>
            <Title order={3}>{visit.patient.name}</Title>
            <Text size="sm" c="dimmed">
              {visit.queueNumber} · {visit.patient.mrn}
              {visit.doctor ? ` · ${visit.doctor.name}` : ''}
            </Text>
          </Stack>
          {data && (
            <Stack gap={2} align="flex-end">
              <Badge color={STATUS_COLOURS[data.status]}>{t(`billing.statuses.${data.status}`)}</Badge>
              <Text size="xs" c="dimmed">
                {t('cashier.bill.number')}: {data.number ?? t('cashier.bill.draft')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('cashier.bill.payer')}: {data.payerName ?? t(`cashier.payers.${data.payerType}`)}
              </Text>
            </Stack>
          )}
        </Group>
        {paid && (
          <Alert
            color="teal"
            variant="light"
            icon={<IconCircleCheck size={18} />}
            title={t('cashier.pay.paidTitle')}
          >
            <Group justify="space-between">
              <Text size="sm" data-testid="receipt-number">
                {t('cashier.pay.receipt', { number: paid.receiptNumber ?? '–' })} ·{' '}
                {formatRupiah(paid.amount)}
              </Text>
              <ReceiptLink paymentUid={paid.uid} paper={paper} />
            </Group>
          </Alert>
        )}
        {!data ? (
          <LoadState query={bill} loading={t('cashier.bill.loading')} failed={t('cashier.bill.loadFailed')} />
        ) : (
          <>
            <Group justify="space-between">
              {canTake ? <BillActions bill={data} /> : <span />}
              <Group gap="xs">
                <PaperPick paper={paper} onChange={setPaper} />
                <InvoiceLink billUid={data.uid} paper={paper} />
              </Group>
            </Group>
            <BillLines bill={data} />
            <BillAdjustments bill={data} />
            <BillTotals bill={data} />
            <BillPayments bill={data} paper={paper} />
            {deposit && <DepositPanel clinicId={data.clinicId} deposit={deposit} paper={paper} />}
            <Divider />
            {data.outstanding > 0 && data.status !== 'paid' ? (
              canTake && (
                <PaymentForm
                  key={`${data.uid}:${data.outstanding}`}
                  bill={data}
                  depositBalance={deposit?.balance ?? 0}
                  onPaid={onPaid}
                />
              )
            ) : (
              <Text size="sm" c="teal" fw={600}>
                {data.status === 'paid' ? t('cashier.pay.settled') : t('cashier.pay.nothingDue')}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
