import { fromDDMMYYYY } from '@klinikita/domain/common/dates';
import { formatRupiah } from '@klinikita/domain/common/format';
import { documentTotals, lineAmounts } from '@klinikita/domain/purchasing/purchasing.rules';
import { receiptSchema } from '@klinikita/domain/purchasing/purchasing.schema';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useCreateReceipt, useLocations, useSuppliers } from '../api/purchasing-api.ts';
import { ItemSelect, type PickedItem, UnitSelect } from './line-fields.tsx';
import { PERCENT_INPUT, QUANTITY_INPUT, RUPIAH_INPUT } from './number-inputs.ts';
import { DocumentTotals } from './order-totals.tsx';
import { dayMask, FORM_ERROR, formatDay, newRequestKey, serverErrors } from './purchasing-format.ts';

interface Line {
  key: number;
  item: PickedItem | null;
  unit: string;
  batchNumber: string;
  expiry: string;
  quantity: number | string;
  price: number | string;
  discountPercent: number | string;
}

let keys = 0;
const emptyLine = (): Line => ({
  key: ++keys,
  item: null,
  unit: '',
  batchNumber: '',
  expiry: '',
  quantity: '',
  price: '',
  discountPercent: 0,
});
const num = (v: number | string) => (v === '' ? undefined : Number(v));

/**
 * Goods received without a purchase order, against the supplier's invoice: supplier, receiving
 * location, invoice number and date, PPN, and per line the item, unit, batch, expiry, quantity,
 * price and discount. One request key per form.
 */
export function DirectReceiveForm({
  clinicId,
  today,
  onClose,
}: {
  clinicId: number;
  today: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const suppliers = useSuppliers({ active: 'true', page: 1, limit: 100 }).data?.docs ?? [];
  const locations = (useLocations(clinicId).data ?? []).filter((l) => l.active);
  const [supplierUid, setSupplierUid] = useState('');
  const [picked, setPicked] = useState('');
  const [invoiceNumber, setInvoiceNumber] = useState('');
  const [invoiceDate, setInvoiceDate] = useState(formatDay(today));
  const [ppn, setPpn] = useState<number | string>(11);
  const [lines, setLines] = useState<Line[]>(() => [emptyLine()]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [requestKey] = useState(newRequestKey);
  const receive = useCreateReceipt();
  const locationUid = picked || locations.find((l) => l.type === 'warehouse')?.uid || '';
  const errorOf = (key: string) => (errors[key] ? translateMessage(errors[key]) : undefined);
  const setLine = (i: number, patch: Partial<Line>) => {
    setLines((all) => all.map((l, j) => (j === i ? { ...l, ...patch } : l)));
    setErrors({});
  };
  const amounts = lines.map((l) =>
    lineAmounts(Number(l.quantity) || 0, Number(l.price) || 0, Number(l.discountPercent) || 0),
  );
  const totals = documentTotals(amounts, Number(ppn) || 0);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = receiptSchema.safeParse({
      supplierUid: supplierUid || null,
      locationUid: locationUid || null,
      invoiceNumber,
      invoiceDate: fromDDMMYYYY(invoiceDate) ?? invoiceDate,
      ppnPercent: num(ppn),
      requestKey,
      lines: lines.map((l) => ({
        orderLine: null,
        itemUid: l.item?.value ?? '',
        batchNumber: l.batchNumber,
        expiryDate: fromDDMMYYYY(l.expiry) ?? l.expiry,
        quantity: num(l.quantity),
        unit: l.unit,
        price: num(l.price),
        discountPercent: num(l.discountPercent) ?? 0,
      })),
    });
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
      title={t('purchasing.screen.directReceiveTitle')}
      size="80rem"
      closeOnClickOutside={false}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm" verticalSpacing="xs">
            <Select
              label={t('purchasing.screen.supplier')}
              required
              searchable
              data-autofocus
              data={suppliers.map((s) => ({ value: s.uid, label: s.name }))}
              value={supplierUid || null}
              onChange={(v) => {
                setSupplierUid(v ?? '');
                setErrors({});
              }}
              error={errorOf('supplierUid')}
            />
            <Select
              label={t('purchasing.screen.location')}
              required
              data={locations.map((l) => ({ value: l.uid, label: l.name }))}
              value={locationUid || null}
              onChange={(v) => setPicked(v ?? '')}
              allowDeselect={false}
              error={errorOf('locationUid')}
            />
            <TextInput
              label={t('purchasing.screen.invoiceNumber')}
              required
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
              onChange={(e) => setInvoiceDate(dayMask(e.currentTarget.value))}
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
          {lines.map((l, i) => (
            <Card key={l.key} withBorder padding="xs">
              <Group align="flex-start" gap="xs" wrap="nowrap">
                <SimpleGrid cols={{ base: 1, sm: 4, lg: 8 }} spacing="xs" verticalSpacing="xs" flex={1}>
                  <div style={{ gridColumn: 'span 2' }}>
                    <ItemSelect
                      label={t('purchasing.screen.item')}
                      picked={l.item}
                      onPick={(item) => setLine(i, { item, unit: '' })}
                      error={errorOf(`lines.${i}.itemUid`)}
                    />
                  </div>
                  <UnitSelect
                    label={t('purchasing.screen.unit')}
                    itemUid={l.item?.value ?? null}
                    value={l.unit}
                    onChange={(unit) => setLine(i, { unit })}
                    error={errorOf(`lines.${i}.unit`)}
                  />
                  <TextInput
                    label={t('purchasing.screen.batchNumber')}
                    required
                    maxLength={40}
                    value={l.batchNumber}
                    onChange={(e) => setLine(i, { batchNumber: e.currentTarget.value })}
                    error={errorOf(`lines.${i}.batchNumber`)}
                  />
                  <TextInput
                    label={t('purchasing.screen.expiryDate')}
                    placeholder="DD/MM/YYYY"
                    required
                    inputMode="numeric"
                    value={l.expiry}
                    onChange={(e) => setLine(i, { expiry: dayMask(e.currentTarget.value) })}
                    error={errorOf(`lines.${i}.expiryDate`)}
                  />
                  <NumberInput
                    label={t('purchasing.screen.quantity')}
                    required
                    {...QUANTITY_INPUT}
                    value={l.quantity}
                    onChange={(v) => setLine(i, { quantity: v })}
                    error={errorOf(`lines.${i}.quantity`)}
                  />
                  <NumberInput
                    label={t('purchasing.screen.price')}
                    required
                    {...RUPIAH_INPUT}
                    value={l.price}
                    onChange={(v) => setLine(i, { price: v })}
                    error={errorOf(`lines.${i}.price`)}
                  />
                  <NumberInput
                    label={t('purchasing.screen.discount')}
                    {...PERCENT_INPUT}
                    value={l.discountPercent}
                    onChange={(v) => setLine(i, { discountPercent: v })}
                    error={errorOf(`lines.${i}.discountPercent`)}
                    description={`${t('purchasing.screen.lineTotal')}: ${formatRupiah(amounts[i].net)}`}
                  />
                </SimpleGrid>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={24}
                  disabled={lines.length === 1}
                  aria-label={t('purchasing.screen.removeLine', { line: i + 1 })}
                  onClick={() => setLines((all) => all.filter((_, j) => j !== i))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Card>
          ))}
          <Group justify="space-between" align="flex-start">
            <Button
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => setLines((all) => [...all, emptyLine()])}
            >
              {t('purchasing.screen.addLine')}
            </Button>
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
