import { formatRupiah } from '@klinikita/domain/common/format';
import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { usePermissions } from '../../../shared/session/permissions.ts';
import { type Bill, type BillAdjustment, useDecideAdjustment } from '../api/cashier-api.ts';
import { serverErrors } from './cashier-forms.ts';

const STATUS_COLOURS = { pending: 'orange', approved: 'teal', rejected: 'gray' } as const;

/**
 * The bill's extra charges and discounts with their reasons; a pending discount ("menunggu
 * persetujuan") can be approved or rejected by whoever holds the approval permission — the server
 * refuses the one who asked it, and its message is shown.
 */
export function BillAdjustments({ bill }: { bill: Bill }) {
  const { t } = useTranslation();
  const canApprove = usePermissions().has('bill.approve');
  const decide = useDecideAdjustment();
  const [refusal, setRefusal] = useState<string | null>(null);
  if (bill.adjustments.length === 0) return null;

  const lineName = (a: BillAdjustment) =>
    a.lineKey
      ? (bill.lines.find((l) => l.key === a.lineKey)?.description ?? a.lineKey)
      : t('cashier.bill.wholeBill');
  const onDecide = (a: BillAdjustment, approve: boolean) => {
    setRefusal(null);
    decide.mutate(
      { params: { uid: a.uid }, body: { approve } },
      {
        onSuccess: (answer) =>
          notifications.show({ color: 'teal', message: translateMessage(answer.message) }),
        onError: (error) => setRefusal(serverErrors(error)?._form ?? null),
      },
    );
  };

  return (
    <Stack gap="xs" data-testid="bill-adjustments">
      <Title order={5}>{t('cashier.bill.adjustments')}</Title>
      {bill.adjustments.map((a) => (
        <Group key={a.uid} justify="space-between" wrap="nowrap" data-testid="adjustment">
          <Stack gap={0}>
            <Text size="sm">
              {a.kind === 'discount'
                ? `${t('cashier.bill.columns.discount')} · ${lineName(a)}`
                : (a.description ?? t(`billing.categories.${a.kind === 'charge' ? 'extra' : 'adjustment'}`))}
              {' · '}
              <Text span fw={600}>
                {a.kind === 'discount' && a.discountType === 'percent'
                  ? `${t('cashier.bill.percent', { value: a.value })} (${formatRupiah(a.amount)})`
                  : formatRupiah(a.amount)}
              </Text>
            </Text>
            <Text size="xs" c="dimmed">
              {a.reason}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Badge color={STATUS_COLOURS[a.status]} variant="light">
              {t(`billing.adjustmentStatuses.${a.status}`)}
            </Badge>
            {a.status === 'pending' && canApprove && (
              <>
                <Button
                  size="xs"
                  color="teal"
                  aria-label={t('cashier.bill.approveLabel', { amount: formatRupiah(a.amount) })}
                  loading={decide.isPending}
                  onClick={() => onDecide(a, true)}
                >
                  {t('cashier.bill.approve')}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  aria-label={t('cashier.bill.rejectLabel', { amount: formatRupiah(a.amount) })}
                  loading={decide.isPending}
                  onClick={() => onDecide(a, false)}
                >
                  {t('cashier.bill.reject')}
                </Button>
              </>
            )}
          </Group>
        </Group>
      ))}
      {refusal && (
        <Alert color="red" variant="light">
          {translateMessage(refusal)}
        </Alert>
      )}
    </Stack>
  );
}
