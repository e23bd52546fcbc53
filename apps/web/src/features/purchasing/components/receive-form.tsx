import { addDays } from '@klinikita/domain/common/clinic-day';
import { fromDDMMYYYY } from '@klinikita/domain/common/dates';
import { documentTotals, lineAmounts } from '@klinikita/domain/purchasing/purchasing.rules';
import { receiptSchema } from '@klinikita/domain/purchasing/purchasing.schema';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { type OrderDetail, useCreateReceipt } from '../api/purchasing-api.ts';
import { PERCENT_INPUT, QUANTITY_INPUT, RUPIAH_INPUT } from './number-inputs.ts';
import { DocumentTotals } from './order-totals.tsx';
import {
  dayMask,
  FORM_ERROR,
  formatDay,
  formatQuantity,
  newRequestKey,
  serverErrors,
} from './purchasing-format.ts';

interface Row {
  batchNumber: string;
  expiry: string;
  quantity: number | string;
  price: number | string;
  discountPercent: number | string;
}

/**
 * Goods received against the order and the supplier's invoice: invoice number and date (the due
 * date follows from the supplier's terms), PPN, and per open line the batch, its expiry, the
 * quantity in the order's unit (the open quantity offered; empty when it did not come), price and
 * discount. One request key per form: a double submit receives once.
 */
export function ReceiveForm({
  order,
  today,
  onClose,
}: {
  order: OrderDetail;
  today: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const open = order.lines.filter((l) => l.open > 0);
  const [invoiceNumber, setInvoiceNumber] = useState('');
  const [invoiceDate, setInvoiceDate] = useState(formatDay(today));
  const [ppn, setPpn] = useState<number | string>(order.ppnPercent);
  const [rows, setRows] = useState<Row[]>(() =>
    open.map((l) => ({
      batchNumber: '',
      expiry: '',
      quantity: l.open,
      price: l.price,
      discountPercent: l.discountPercent,
    })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [requestKey] = useState(newRequestKey);
  const receive = useCreateReceipt();
  // the errors name the lines sent; `sent[k]` is the row of line k
  const [sent, setSent] = useState<number[]>([]);
  const rowError = (row: number, field: string) => {
    const k = sent.indexOf(row);
    const message = k >= 0 ? errors[`lines.${k}.${field}`] : undefined;
    return message ? translateMessage(message) : undefined;
  };
  const errorOf = (key: string) => (errors[key] ? translateMessage(errors[key]) : undefined);
  const setRow = (i: number, patch: Partial<Row>) => {
    setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));
    setErrors({});
  };
  const invoiceDay = fromDDMMYYYY(invoiceDate);
  const chosen = rows
    .map((r, i) => ({ r, i }))
    .filter(({ r }) => r.quantity !== '' && Number(r.quantity) > 0);
  const totals = documentTotals(
    chosen.map(({ r }) =>
      lineAmounts(Number(r.quantity) || 0, Number(r.price) || 0, Number(r.discountPercent) || 0),
    ),
    Number(ppn) || 0,
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen.length) return setErrors({ [FORM_ERROR]: 'purchasing.screen.nothingToReceive' });
    const body = {
      orderUid: order.uid,
      invoiceNumber,
      invoiceDate: invoiceDay ?? invoiceDate,
      ppnPercent: ppn === '' ? undefined : Number(ppn),
      requestKey,
      lines: chosen.map(({ r, i }) => ({
        orderLine: open[i].line,
        itemUid: open[i].itemUid,
        batchNumber: r.batchNumber,
        expiryDate: fromDDMMYYYY(r.expiry) ?? r.expiry,
        quantity: Number(r.quantity),
        unit: open[i].unit,
        price: r.price === '' ? undefined : Number(r.price),
        discountPercent: r.discountPercent === '' ? 0 : Number(r.discountPercent),
      })),
    };
    setSent(chosen.map(({ i }) => i));
    const parsed = receiptSchema.safeParse(body);
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    receive.mutate(
      { body: parsed.data },
      {
        onSuccess: (answer) => {
          notifications.show({
            color: 'teal',
            message: [translateMessage(answer.message), answer.data?.number].filter(Boolean).join(' · '),
          });
          onClose();
        },
        onError: (error) => {
          const mapped = serverErrors(error);
          if (mapped) setErrors(mapped);
        },
      },
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('purchasing.screen.receiveTitle', { number: order.number })}
      size="80rem"
      closeOnClickOutside={false}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label={t('purchasing.screen.invoiceNumber')}
              required
              data-autofocus
              maxLength={60}
              value={invoiceNumber}
              onChange={(e) => {
                setInvoiceNumber(e.currentTarget.value);
                setErrors({});
              }}
              error={errorOf('invoiceNumber')}
            />
            <TextInput
              label={t('purchasing.screen.invoiceDate')}
              placeholder="DD/MM/YYYY"
              required
              inputMode="numeric"
              value={invoiceDate}
              onChange={(e) => {
                setInvoiceDate(dayMask(e.currentTarget.value));
                setErrors({});
              }}
              description={
                invoiceDay
                  ? t('purchasing.screen.dueHint', {
                      date: formatDay(addDays(invoiceDay, order.supplierPaymentTermsDays)),
                      days: order.supplierPaymentTermsDays,
                    })
                  : undefined
              }
              error={errorOf('invoiceDate')}
            />
            <NumberInput
              label={t('purchasing.screen.ppnPercent')}
              {...PERCENT_INPUT}
              value={ppn}
              onChange={setPpn}
              error={errorOf('ppnPercent')}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('purchasing.screen.receiveLineHint')}
          </Text>
          <Table.ScrollContainer minWidth={980} type="native">
            <Table verticalSpacing="xs" aria-label={t('purchasing.screen.lines')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('purchasing.screen.item')}</Table.Th>
                  <Table.Th>{t('purchasing.screen.batchNumber')}</Table.Th>
                  <Table.Th>{t('purchasing.screen.expiryDate')}</Table.Th>
                  <Table.Th>{t('purchasing.screen.quantity')}</Table.Th>
                  <Table.Th>{t('purchasing.screen.price')}</Table.Th>
                  <Table.Th>{t('purchasing.screen.discount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {open.map((l, i) => (
                  <Table.Tr key={l.line}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {l.itemName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('purchasing.screen.openQty')}: {formatQuantity(l.open)} {l.unit}
                        {l.factor !== 1 && ` (= ${formatQuantity(l.open * l.factor)} ${l.baseUnit})`}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`${t('purchasing.screen.batchNumber')} ${l.itemName}`}
                        maxLength={40}
                        value={rows[i].batchNumber}
                        onChange={(e) => setRow(i, { batchNumber: e.currentTarget.value })}
                        error={rowError(i, 'batchNumber')}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`${t('purchasing.screen.expiryDate')} ${l.itemName}`}
                        placeholder="DD/MM/YYYY"
                        inputMode="numeric"
                        value={rows[i].expiry}
                        onChange={(e) => setRow(i, { expiry: dayMask(e.currentTarget.value) })}
                        error={rowError(i, 'expiryDate')}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`${t('purchasing.screen.quantity')} ${l.itemName}`}
                        {...QUANTITY_INPUT}
                        rightSection={<Text size="xs">{l.unit}</Text>}
                        rightSectionWidth={56}
                        value={rows[i].quantity}
                        onChange={(v) => setRow(i, { quantity: v })}
                        error={rowError(i, 'quantity') ?? rowError(i, 'unit')}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`${t('purchasing.screen.price')} ${l.itemName}`}
                        {...RUPIAH_INPUT}
                        value={rows[i].price}
                        onChange={(v) => setRow(i, { price: v })}
                        error={rowError(i, 'price')}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`${t('purchasing.screen.discount')} ${l.itemName}`}
                        {...PERCENT_INPUT}
                        w={90}
                        value={rows[i].discountPercent}
                        onChange={(v) => setRow(i, { discountPercent: v })}
                        error={rowError(i, 'discountPercent')}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="flex-end">
            <DocumentTotals totals={{ ...totals, ppnPercent: Number(ppn) || 0 }} />
          </Group>
          {errors[FORM_ERROR] && (
            <Alert color="orange" variant="light">
              <Text size="sm">{translateMessage(errors[FORM_ERROR])}</Text>
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('purchasing.screen.cancel')}
            </Button>
            <Button type="submit" loading={receive.isPending}>
              {t('purchasing.screen.actionReceive')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
