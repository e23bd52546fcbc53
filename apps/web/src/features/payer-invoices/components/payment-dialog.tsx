import { PAYER_PAYMENT_METHODS } from '@klinikita/domain/billing/payer-invoices.rules';
import { payerPaymentSchema } from '@klinikita/domain/billing/payer-invoices.schema';
import { formatRupiah } from '@klinikita/domain/common/format';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { type PayerInvoice, useRecordPayment } from '../api/payer-invoices-api.ts';
import { FORM_ERROR, serverErrors } from './form-errors.ts';
import { shortDay } from './invoice-format.tsx';
import { MONEY_INPUT } from './money-input.ts';

/**
 * "Catat pembayaran": a payment from the payer — day, method, reference, amount — put on the
 * oldest visits first, or on the visits as typed (never more than what is open on each; the
 * server's message shows under the visit's amount).
 */
export function PaymentDialog({
  invoice,
  today,
  onClose,
}: {
  invoice: PayerInvoice;
  today: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const open = invoice.items.filter((i) => i.open > 0);
  const [values, setValues] = useState({
    paidOn: today,
    method: 'TRANSFER',
    reference: '',
    amount: invoice.open as number | '',
    note: '',
  });
  const [auto, setAuto] = useState(true);
  const [shares, setShares] = useState<Record<string, number | ''>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const record = useRecordPayment();
  const error = (key: string) => (errors[key] ? translateMessage(errors[key]) : undefined);
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, [FORM_ERROR]: __, ...rest }) => rest);
  };
  const given = open
    .map((i) => ({ receivableUid: i.receivableUid, amount: Number(shares[i.receivableUid] || 0) }))
    .filter((a) => a.amount > 0);
  // the message of allocation n belongs to the visit it was sent for
  const errorOfItem = (uid: string) => {
    const n = given.findIndex((a) => a.receivableUid === uid);
    return n < 0 ? undefined : (error(`allocations.${n}.amount`) ?? error(`allocations.${n}.receivableUid`));
  };

  const submit = () => {
    const body = {
      ...values,
      amount: values.amount === '' ? undefined : values.amount,
      allocations: auto ? undefined : given,
    };
    const parsed = payerPaymentSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues));
      return;
    }
    record.mutate(
      { params: { uid: invoice.uid }, body: parsed.data },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: translateMessage(answer.message) });
          onClose();
        },
        onError: (e) => setErrors(serverErrors(e)),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('payerInvoices.web.recordPayment')} size="xl">
      <Stack gap="sm" data-testid="payment-dialog">
        <Group grow>
          <TextInput
            type="date"
            label={t('payerInvoices.web.paidOn')}
            value={values.paidOn}
            onChange={(e) => set('paidOn', e.currentTarget.value)}
            error={error('paidOn')}
          />
          <Select
            label={t('payerInvoices.web.method')}
            data={PAYER_PAYMENT_METHODS.map((m) => ({ value: m, label: t(`payerInvoices.methods.${m}`) }))}
            value={values.method}
            onChange={(v) => set('method', v ?? 'TRANSFER')}
            error={error('method')}
          />
        </Group>
        <Group grow>
          <TextInput
            label={t('payerInvoices.web.reference')}
            value={values.reference}
            onChange={(e) => set('reference', e.currentTarget.value)}
            error={error('reference')}
          />
          <NumberInput
            {...MONEY_INPUT}
            label={t('payerInvoices.web.amount')}
            value={values.amount}
            onChange={(v) => set('amount', typeof v === 'number' ? v : '')}
            error={error('amount')}
          />
        </Group>
        <Checkbox
          label={t('payerInvoices.web.autoAllocate')}
          checked={auto}
          onChange={(e) => setAuto(e.currentTarget.checked)}
        />
        {!auto && (
          <>
            <Table.ScrollContainer minWidth={560} mah={300}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('payerInvoices.web.visitDate')}</Table.Th>
                    <Table.Th>{t('payerInvoices.web.patient')}</Table.Th>
                    <Table.Th ta="right">{t('payerInvoices.web.open')}</Table.Th>
                    <Table.Th>{t('payerInvoices.web.allocation')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {open.map((i) => (
                    <Table.Tr key={i.receivableUid}>
                      <Table.Td>{shortDay(i.visitDay)}</Table.Td>
                      <Table.Td>{i.patientName}</Table.Td>
                      <Table.Td ta="right">{formatRupiah(i.open)}</Table.Td>
                      <Table.Td>
                        <NumberInput
                          {...MONEY_INPUT}
                          size="xs"
                          aria-label={`${t('payerInvoices.web.allocation')} ${i.patientName}`}
                          value={shares[i.receivableUid] ?? ''}
                          onChange={(v) => {
                            setShares((s) => ({ ...s, [i.receivableUid]: typeof v === 'number' ? v : '' }));
                            setErrors({});
                          }}
                          error={errorOfItem(i.receivableUid)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Text size="sm" ta="right">
              {t('payerInvoices.web.allocated', {
                amount: formatRupiah(given.reduce((s, a) => s + a.amount, 0)),
                total: formatRupiah(Number(values.amount || 0)),
              })}
            </Text>
          </>
        )}
        <TextInput
          label={t('payerInvoices.web.note')}
          value={values.note}
          onChange={(e) => set('note', e.currentTarget.value)}
        />
        {errors[FORM_ERROR] && (
          <Alert color="red" variant="light">
            {translateMessage(errors[FORM_ERROR])}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('payerInvoices.web.close')}
          </Button>
          <Button onClick={submit} loading={record.isPending}>
            {t('payerInvoices.web.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
